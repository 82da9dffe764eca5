#include <csignal>

#include "tool/cli.hpp"
#include "tool/command_guard.hpp"

int main(int argc, char** argv) {
    // A closed pipe shows up as a failed write (EPIPE), which tool/command_output.cpp handles,
    // instead of a signal that kills the process with status 141.
    std::signal(SIGPIPE, SIG_IGN);
    return patchbay::guarded([&] { return patchbay::run_cli(argc, argv); });
}
