#!/usr/bin/env python3
"""Two builds of one command, run alternately, medians of wall time: a before/after that a
loaded machine cannot tilt (both see the same load, run for run).

    python3 bench/interleave.py RUNS CWD -- OLD_BINARY NEW_BINARY -- ARGS...

Prints the median and min of each, in ms, and new/old.
"""
import statistics
import subprocess
import sys
import time


def main():
    runs, cwd = int(sys.argv[1]), sys.argv[2]
    rest = sys.argv[4:]
    split = rest.index("--")
    binaries, args = rest[:split], rest[split + 1:]
    times = {b: [] for b in binaries}
    for _ in range(runs):
        for binary in binaries:
            start = time.perf_counter()
            subprocess.run([binary] + args, cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            times[binary].append((time.perf_counter() - start) * 1000)
    medians = [statistics.median(times[b]) for b in binaries]
    for binary, median in zip(binaries, medians):
        print(f"{binary}: median {median:.1f} ms, min {min(times[binary]):.1f} ms ({runs} runs)")
    print(f"new/old: {medians[1] / medians[0]:.3f}")


main()
