#pragma once
// Runs a program (no shell) and captures its exit status, stdout and stderr.

#include <fcntl.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace patchbay::test_support {

struct ProcessResult {
    int status = -1;
    std::string out;
    std::string err;
};

inline std::string drain(int fd) {
    std::string text;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(n));
    close(fd);
    return text;
}

// Where a child's stdout and stderr go: temp files, so a chatty child cannot dead-lock on a
// full pipe.
class CapturedOutput {
  public:
    CapturedOutput() : out_fd_(mkstemp(out_name_)), err_fd_(mkstemp(err_name_)) {}
    CapturedOutput(const CapturedOutput&) = delete;
    CapturedOutput& operator=(const CapturedOutput&) = delete;

    int out_fd() const { return out_fd_; }
    int err_fd() const { return err_fd_; }

    // Reads both back once the child has ended, and removes the files.
    void collect(std::string& out, std::string& err) {
        lseek(out_fd_, 0, SEEK_SET);
        lseek(err_fd_, 0, SEEK_SET);
        out = drain(out_fd_);
        err = drain(err_fd_);
        unlink(out_name_);
        unlink(err_name_);
    }

  private:
    char out_name_[32] = "/tmp/patchbay-out-XXXXXX";
    char err_name_[32] = "/tmp/patchbay-err-XXXXXX";
    int out_fd_;
    int err_fd_;
};

// In the child: only async-signal-safe calls between fork and exec. `address_space` (bytes, 0
// for none) limits what the child may map.
[[noreturn]] inline void exec_child(const std::vector<std::string>& argv,
                                    const std::filesystem::path& cwd, const CapturedOutput& output,
                                    rlim_t address_space = 0) {
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
    dup2(output.out_fd(), 1);
    dup2(output.err_fd(), 2);
    int devnull = open("/dev/null", O_RDONLY);
    dup2(devnull, 0);
    if (address_space != 0) {
        rlimit limit{address_space, address_space};
        setrlimit(RLIMIT_AS, &limit);
    }
    std::vector<char*> args;
    for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
}

inline ProcessResult run_process(const std::vector<std::string>& argv,
                                 const std::filesystem::path& cwd = {}) {
    CapturedOutput output;
    pid_t pid = fork();
    if (pid == 0) exec_child(argv, cwd, output);
    int wait_status = 0;
    waitpid(pid, &wait_status, 0);
    ProcessResult result;
    result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    output.collect(result.out, result.err);
    return result;
}

}  // namespace patchbay::test_support
