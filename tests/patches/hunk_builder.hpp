#pragma once
// Test helpers: a Hunk from diff-like body lines, and the unified text GNU patch reads for it.
// Header-only because the build turns only tests/*_test.cpp into targets.

#include <cstdint>
#include <string>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay::test_support {

// Body lines as in a diff: " ctx\n", "-old\n", "+new\n"; a line without "\n" is unterminated
// ("\ No newline at end of file" in the diff text).
inline Hunk make_hunk(std::int64_t old_start, std::int64_t new_start,
                      const std::vector<std::string>& body) {
    Hunk hunk;
    hunk.old_start = old_start;
    hunk.new_start = new_start;
    for (const auto& line : body) {
        HunkLine hunk_line;
        hunk_line.kind = static_cast<LineKind>(line.front());
        hunk_line.text = line.substr(1);
        hunk.lines.push_back(hunk_line);
    }
    hunk.old_count = hunk.body_old_count();
    hunk.new_count = hunk.body_new_count();
    return hunk;
}

inline std::string range_text(std::int64_t start, std::int64_t count) {
    return std::to_string(start) + "," + std::to_string(count);
}

inline std::string unified_text(const Hunk& hunk) {
    std::string text = "@@ -" + range_text(hunk.old_start, hunk.old_count) + " +" +
                       range_text(hunk.new_start, hunk.new_count) + " @@\n";
    for (const auto& line : hunk.lines) {
        text += static_cast<char>(line.kind);
        text += line.text;
        if (!line.text.ends_with('\n')) text += "\n\\ No newline at end of file\n";
    }
    return text;
}

inline std::string file_section(const std::string& name, const std::vector<Hunk>& hunks) {
    std::string text = "--- a/" + name + "\n+++ b/" + name + "\n";
    for (const auto& hunk : hunks) text += unified_text(hunk);
    return text;
}

}  // namespace patchbay::test_support
