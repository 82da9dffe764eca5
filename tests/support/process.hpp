#pragma once
// Runs a program (no shell) and captures its exit status, stdout and stderr.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace patchbay::testing {

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

// stdout and stderr go to temp files, so a chatty child cannot dead-lock on a full pipe.
inline ProcessResult run_process(const std::vector<std::string>& argv,
                                 const std::filesystem::path& cwd = {}) {
    char out_name[] = "/tmp/patchbay-out-XXXXXX";
    char err_name[] = "/tmp/patchbay-err-XXXXXX";
    int out_fd = mkstemp(out_name), err_fd = mkstemp(err_name);
    pid_t pid = fork();
    if (pid == 0) {
        if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        int devnull = open("/dev/null", O_RDONLY);
        dup2(devnull, 0);
        std::vector<char*> args;
        for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    int wait_status = 0;
    waitpid(pid, &wait_status, 0);
    ProcessResult result;
    result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    lseek(out_fd, 0, SEEK_SET);
    lseek(err_fd, 0, SEEK_SET);
    result.out = drain(out_fd);
    result.err = drain(err_fd);
    unlink(out_name);
    unlink(err_name);
    return result;
}

}  // namespace patchbay::testing
