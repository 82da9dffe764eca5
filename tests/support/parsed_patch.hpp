#pragma once
// A patch text parsed for a test that needs it to be well formed (a parse error fails the test).

#include <gtest/gtest.h>

#include <string>

#include "patches/diff_parser.hpp"

namespace patchbay::test_support {

inline PatchFile parse(const std::string& text) {
    auto parsed = parse_patch(text, "p.patch");
    EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().located());
    return parsed.ok() ? parsed.value() : PatchFile{};
}

}  // namespace patchbay::test_support
