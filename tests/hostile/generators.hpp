#pragma once
// Inputs too big to commit, written at test time by the hostile cases' "gen NAME FILE" lines.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>

namespace patchbay::test_support {

namespace fs = std::filesystem;

constexpr int kMillion = 1000000;
constexpr int kHundredThousand = 100000;
constexpr std::size_t kHundredMegabytes = 100u * 1024u * 1024u;

inline std::string numbered_lines(int count, const char* prefix) {
    std::string text;
    for (int i = 1; i <= count; ++i) text += std::string(prefix) + std::to_string(i) + "\n";
    return text;
}

// A pristine file of 1,000,000 distinct lines.
inline std::string million_line_file() {
    return numbered_lines(kMillion, "line ");
}

// One hunk of 1,000,000 lines over the whole file above: all context but the middle line.
inline std::string million_line_hunk() {
    std::string text = "--- a/big.txt\n+++ b/big.txt\n@@ -1,1000000 +1,1000000 @@\n";
    for (int i = 1; i <= kMillion; ++i) {
        std::string line = "line " + std::to_string(i) + "\n";
        text += i == kMillion / 2 ? "-" + line + "+changed\n" : " " + line;
    }
    return text;
}

// A new file of 1,000,000 added lines in one hunk.
inline std::string million_line_creation() {
    std::string text = "--- /dev/null\n+++ b/created.txt\n@@ -0,0 +1,1000000 @@\n";
    for (int i = 1; i <= kMillion; ++i) text += "+added " + std::to_string(i) + "\n";
    return text;
}

inline std::string hundred_megabyte_line_patch() {
    return "--- /dev/null\n+++ b/wide.txt\n@@ -0,0 +1 @@\n+" + std::string(kHundredMegabytes, 'w') +
           "\n";
}

// 100 MB without a single newline: the parser sees one endless line of free text.
inline std::string hundred_megabyte_no_newline() {
    return std::string(kHundredMegabytes, '@');
}

// Bytes from a fixed linear congruential generator: the same garbage on every run.
inline std::string binary_garbage(std::size_t size) {
    std::string bytes(size, '\0');
    std::uint32_t state = 12345;
    for (auto& byte : bytes) {
        state = state * 1103515245u + 12345u;
        byte = static_cast<char>(state >> 16);
    }
    return bytes;
}

// Garbage that looks like a patch: "@@" and "---" lines with binary bytes in between.
inline std::string garbage_with_headers() {
    std::string text = "--- a/pkg/mod.py\n+++ b/pkg/mod.py\n@@ -1,3 +1,3 @@\n";
    return text + binary_garbage(1 << 20) + "\n@@ -5 +5 @@\n" + binary_garbage(1 << 16);
}

inline std::string series_of_comments() {
    return "0001.patch\n" + numbered_lines(kHundredThousand - 1, "# a comment line ");
}

// 100,000 entries, each naming a patch file that is not there.
inline std::string series_of_missing_patches() {
    return numbered_lines(kHundredThousand, "missing-patch-");
}

inline std::string file_sections(int count) {
    std::string text;
    for (int i = 1; i <= count; ++i) {
        auto name = "gen/f" + std::to_string(i) + ".txt";
        text += "--- /dev/null\n+++ b/" + name + "\n@@ -0,0 +1 @@\n+" + std::to_string(i) + "\n";
    }
    return text;
}

// 200,000 identical lines and a 2,000-line hunk of the same line that never matches: the
// search tries every offset and compares up to 2,000 lines at each.
inline std::string repetitive_file() {
    std::string text;
    for (int i = 0; i < 200000; ++i) text += "x\n";
    return text;
}

inline std::string repetitive_hunk() {
    std::string text = "--- a/same.txt\n+++ b/same.txt\n@@ -1000,2001 +1000,2001 @@\n";
    for (int i = 0; i < 1000; ++i) text += " x\n";
    text += "-y\n+z\n";
    for (int i = 0; i < 1000; ++i) text += " x\n";
    return text;
}

// A patch creating a file 10,000 folders deep (d/d/…/d/f.txt, 20 KB of path).
inline std::string ten_thousand_level_path() {
    std::string path;
    for (int i = 0; i < 10000; ++i) path += "d/";
    path += "f.txt";
    return "--- a/" + path + "\n+++ b/" + path + "\n@@ -0,0 +1 @@\n+x\n";
}

// A patchbay.toml whose upstream path is 10 MB long: the error quoting it keeps its reason.
inline std::string config_ten_megabyte_path() {
    return "[upstream]\npath = \"" + std::string(10u << 20, 'u') +
           "\"\n\n[series]\nfile = \"patches/series\"\nstrip = 1\n";
}

inline const std::map<std::string, std::function<std::string()>>& generators() {
    static const std::map<std::string, std::function<std::string()>> table = {
        {"million-line-file", million_line_file},
        {"million-line-hunk", million_line_hunk},
        {"million-line-creation", million_line_creation},
        {"hundred-megabyte-line", hundred_megabyte_line_patch},
        {"hundred-megabyte-no-newline", hundred_megabyte_no_newline},
        {"binary-garbage", [] { return binary_garbage(1 << 20); }},
        {"garbage-with-headers", garbage_with_headers},
        {"series-of-comments", series_of_comments},
        {"series-of-missing-patches", series_of_missing_patches},
        {"hundred-thousand-sections", [] { return file_sections(kHundredThousand); }},
        {"repetitive-file", repetitive_file},
        {"repetitive-hunk", repetitive_hunk},
        {"config-ten-megabyte-path", config_ten_megabyte_path},
        {"ten-thousand-level-path", ten_thousand_level_path},
    };
    return table;
}

}  // namespace patchbay::test_support
