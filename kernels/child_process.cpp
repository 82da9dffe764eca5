#include "kernels/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;

namespace patchbay {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> merged_environment(const std::map<std::string, std::string>& overrides) {
    std::map<std::string, std::string> all;
    for (char** entry = environ; *entry; ++entry) {
        std::string text(*entry);
        auto eq = text.find('=');
        if (eq != std::string::npos) all[text.substr(0, eq)] = text.substr(eq + 1);
    }
    for (const auto& [name, value] : overrides) all[name] = value;
    std::vector<std::string> env;
    for (const auto& [name, value] : all) env.push_back(name + "=" + value);
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// Only async-signal-safe calls between fork and exec.
[[noreturn]] void exec_child(const ChildRequest& request, int out_fd, int err_fd, char** argv,
                             char** envp) {
    setpgid(0, 0);  // its own group: a timeout kills the whole tree
    if (!request.cwd.empty() && chdir(request.cwd.c_str()) != 0) _exit(127);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    execvpe(argv[0], argv, envp);
    _exit(127);
}

std::string drain(int fd) {
    std::string text;
    char buffer[4096];
    lseek(fd, 0, SEEK_SET);
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(n));
    close(fd);
    return text;
}

int wait_with_limit(pid_t pid, double timeout_s, bool& timed_out) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s);
    int status = 0;
    while (waitpid(pid, &status, timeout_s > 0 ? WNOHANG : 0) == 0) {
        if (Clock::now() >= deadline) {
            timed_out = true;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return status;
}

Result<int> temp_file(const char* role) {
    std::string name = "/tmp/patchbay-child-" + std::string(role) + "-XXXXXX";
    int fd = mkstemp(name.data());
    if (fd < 0)
        return make_error("cannot create a temporary file: " + std::string(strerror(errno)));
    unlink(name.c_str());
    return fd;
}

}  // namespace

Result<ChildResult> run_child(const ChildRequest& request) {
    if (request.argv.empty()) return make_error("no program to run");
    auto out_fd = temp_file("out");
    if (!out_fd) return out_fd.error();
    auto err_fd = temp_file("err");
    if (!err_fd) return close(*out_fd), err_fd.error();
    auto args = request.argv;
    auto env = merged_environment(request.env);
    auto argv = pointers(args), envp = pointers(env);
    const auto start = Clock::now();
    pid_t pid = fork();
    if (pid < 0) return make_error("cannot start " + request.argv[0] + ": fork failed");
    if (pid == 0) exec_child(request, *out_fd, *err_fd, argv.data(), envp.data());
    setpgid(pid, pid);  // also here, so the group exists before any kill
    ChildResult result;
    int status = wait_with_limit(pid, request.timeout_s, result.timed_out);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status) && !result.timed_out) result.signal = WTERMSIG(status);
    result.not_started = result.exit_code == 127;
    result.out = drain(*out_fd);
    result.err = drain(*err_fd);
    return result;
}

std::string signal_name(int signal) {
    const char* abbrev = sigabbrev_np(signal);
    return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
}

}  // namespace patchbay
