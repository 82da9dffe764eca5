#pragma once
// Small texts for the rebase tests: forty numbered lines of one tag, and edits of a text or a
// file.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace patchbay::test_support {

inline std::string tagged_lines(const std::string& tag) {
    std::string text;
    for (int i = 1; i <= 40; ++i) text += tag + " line " + std::to_string(i) + "\n";
    return text;
}

// `text` with the first `from` replaced by `to`; a `from` it lacks fails the test.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// Replaces the first `from` in the file by `to`; a `from` it lacks fails the test.
inline void replace_in(const std::filesystem::path& file, const std::string& from,
                       const std::string& to) {
    write_file(file, replaced(read_file(file), from, to));
}

}  // namespace patchbay::test_support
