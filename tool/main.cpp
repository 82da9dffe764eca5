#include <malloc.h>
#include <csignal>

#include "tool/cli.hpp"

int main(int argc, char** argv) {
    // patchbay runs for a moment and exits: memory it frees is worth keeping for reuse rather
    // than handing back to the kernel and faulting in again. By default glibc maps every
    // allocation over 128 KiB (a large file's text) on its own and unmaps it when freed, and
    // every reuse faults its pages in again (bench/RESULTS.md).
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    // A closed pipe shows up as a failed write (EPIPE), which tool/command_output.cpp handles,
    // instead of a signal that kills the process with status 141.
    std::signal(SIGPIPE, SIG_IGN);
    return patchbay::run_cli(argc, argv);
}
