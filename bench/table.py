#!/usr/bin/env python3
"""Markdown table from hyperfine's JSON: median, min-max, ratio to patchbay, peak memory.

usage: table.py TIMES.json [MEMORY.txt]
Rows named 'patchbay apply ...' and 'git worktree ...' compare with 'patchbay apply --worktree';
every other row compares with 'patchbay check-series'. Ratio = row median / patchbay median.
"""
import json
import sys


def baseline_for(name, medians):
    if name.startswith("patchbay apply") or name.startswith("git worktree"):
        return medians.get("patchbay apply --worktree")
    return medians.get("patchbay check-series")


def read_memory(path):
    memory = {}
    if path:
        for line in open(path):
            name, _, kb = line.rstrip("\n").rpartition("|")
            if kb.isdigit():
                memory[name] = int(kb)
    return memory


def main():
    results = json.load(open(sys.argv[1]))["results"]
    memory = read_memory(sys.argv[2] if len(sys.argv) > 2 else None)
    medians = {r["command"]: r["median"] for r in results}
    print("| tool | median (ms) | min–max (ms) | ratio to patchbay | peak RSS (MB) |")
    print("|---|---:|---:|---:|---:|")
    for r in results:
        base = baseline_for(r["command"], medians)
        ratio = f"{r['median'] / base:.2f}×" if base else "–"
        rss = f"{memory[r['command']] / 1024:.1f}" if r["command"] in memory else "–"
        print(f"| {r['command']} | {r['median'] * 1000:.1f} | "
              f"{r['min'] * 1000:.1f}–{r['max'] * 1000:.1f} | {ratio} | {rss} |")


main()
