#pragma once
// Runs GNU patch (the oracle) on a multi-file diff in a directory and parses its --verbose
// report per file: "Hunk #n succeeded at L[ with fuzz F][ (offset K lines)]." or "FAILED at L.",
// and "Reversed (or previously applied) patch detected!  Skipping patch.". Header-only.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace patchbay::test_support {

struct GnuHunkReport {
    bool succeeded = false;  // false: FAILED or ignored
    bool ignored = false;
    std::int64_t line = 0;
    std::int64_t fuzz = 0;
    std::int64_t offset = 0;
};

struct GnuFileReport {
    bool reversed_skipped = false;
    std::map<int, GnuHunkReport> hunks;  // by hunk number
};

// fork/exec without a shell; stdout and stderr go to `log_path`. Returns the exit status, or -1.
inline int run_program(const std::vector<std::string>& args, const std::string& log_path) {
    std::vector<char*> argv;
    for (const auto& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        const int log = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int null_in = open("/dev/null", O_RDONLY);
        if (log < 0 || null_in < 0) _exit(127);
        dup2(null_in, 0);
        dup2(log, 1);
        dup2(log, 2);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string read_file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void write_file_bytes(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

inline std::int64_t leading_number(const std::string& text, std::size_t& at) {
    std::size_t used = 0;
    const auto value = std::stoll(text.substr(at), &used);
    at += used;
    return value;
}

// "Hunk #2 succeeded at 14 with fuzz 1 (offset -3 lines)."
inline std::pair<int, GnuHunkReport> parse_hunk_line(const std::string& line) {
    std::size_t at = 6;  // after "Hunk #"
    const int n = static_cast<int>(leading_number(line, at));
    GnuHunkReport report;
    const std::string rest = line.substr(at);
    report.succeeded = rest.starts_with(" succeeded at ");
    report.ignored = rest.starts_with(" ignored at ");
    at = line.find(" at ", at) + 4;
    report.line = leading_number(line, at);
    if (const auto fuzz = line.find(" with fuzz ", at); fuzz != std::string::npos) {
        at = fuzz + 11;
        report.fuzz = leading_number(line, at);
    }
    if (const auto offset = line.find(" (offset ", at); offset != std::string::npos) {
        at = offset + 9;
        report.offset = leading_number(line, at);
    }
    return {n, report};
}

// Reports keyed by the name after "patching file ".
inline std::map<std::string, GnuFileReport> parse_gnu_report(const std::string& log) {
    std::map<std::string, GnuFileReport> files;
    GnuFileReport* current = nullptr;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("patching file ")) current = &files[line.substr(14)];
        if (current == nullptr) continue;
        if (line.find("Reversed (or previously applied) patch detected!") != std::string::npos)
            current->reversed_skipped = true;
        if (line.starts_with("Hunk #")) current->hunks.insert(parse_hunk_line(line));
    }
    return files;
}

}  // namespace patchbay::test_support
