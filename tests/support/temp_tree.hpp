#pragma once
// Test fixtures built on disk at test time: a temporary folder, files in it, and shell
// commands (git, sha256sum, python3) run inside it as independent oracles.

#include <gtest/gtest.h>
#include <stdlib.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace patchbay::test_support {

class TempTree {
  public:
    TempTree() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "patchbay-series-XXXXXX").string();
        root_ = mkdtemp(pattern.data());
    }
    ~TempTree() { std::filesystem::remove_all(root_); }
    TempTree(const TempTree&) = delete;
    TempTree& operator=(const TempTree&) = delete;

    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path operator/(const std::string& relative) const { return root_ / relative; }

    void write(const std::string& relative, const std::string& bytes) const {
        const std::filesystem::path path = root_ / relative;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << bytes;
    }

    // Runs `command` with the tree as working directory; its stdout, trailing newline removed.
    std::string run(const std::string& command) const {
        const std::string full = "cd '" + root_.string() + "' && " + command;
        FILE* pipe = popen(full.c_str(), "r");
        std::string out;
        std::array<char, 4096> buffer{};
        while (pipe && fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) {
            out += buffer.data();
        }
        const int status = pipe ? pclose(pipe) : -1;
        EXPECT_EQ(status, 0) << "command failed: " << command;
        while (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
    }

  private:
    std::filesystem::path root_;
};

}  // namespace patchbay::test_support
