#!/usr/bin/env python3
"""Generates the scale benchmark's input: a tree of FILES files and a quilt series of PATCHES
patches (2 files each, 5 hunks per file, so 10 hunks a patch), made with `diff -u`.

usage: scale_gen.py OUT FILES PATCHES
  OUT/tree/      the pristine tree: PATCHES*2 touched files (120 lines) and small filler files
  OUT/patches/   series + NNNN.patch
The touched files are the same whatever FILES is, so two trees of different sizes share one series.
"""
import os
import subprocess
import sys

FILES_PER_DIR = 100
TOUCHED_LINES = 120
HUNK_LINES = (10, 32, 54, 76, 98)


def touched_name(index):
    return f"touched/d{index // FILES_PER_DIR:04d}/f{index % FILES_PER_DIR:02d}.c"


def filler_name(index):
    return f"src/d{index // FILES_PER_DIR:05d}/f{index % FILES_PER_DIR:02d}.c"


def touched_lines(index):
    return [f"int value_{index}_{line} = {line}; /* line {line} of file {index} */\n"
            for line in range(1, TOUCHED_LINES + 1)]


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as out:
        out.writelines(lines)


def patched(lines, index):
    changed = list(lines)
    for number in HUNK_LINES:
        changed[number - 1] = f"int value_{index}_{number} = {number * 7}; /* patched */\n"
    return changed


def make_patch(out, patch_index, first_file):
    body = [f"Patch {patch_index}: change five values in each of two files.\n\n"]
    for index in (first_file, first_file + 1):
        name = touched_name(index)
        old = os.path.join(out, "scratch", "a", name)
        new = os.path.join(out, "scratch", "b", name)
        write(old, touched_lines(index))
        write(new, patched(touched_lines(index), index))
        diff = subprocess.run(["diff", "-u", "--label", f"a/{name}", "--label", f"b/{name}",
                               old, new], capture_output=True, text=True)
        assert diff.returncode == 1, diff.stderr
        body.append(diff.stdout)
    return "".join(body)


def main():
    out, files, patches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    touched = patches * 2
    assert files >= touched
    for index in range(touched):
        write(os.path.join(out, "tree", touched_name(index)), touched_lines(index))
    for index in range(files - touched):
        write(os.path.join(out, "tree", filler_name(index)), [f"/* filler {index} */\n"] * 4)
    os.makedirs(os.path.join(out, "patches"), exist_ok=True)
    names = []
    for patch_index in range(patches):
        name = f"{patch_index:04d}.patch"
        with open(os.path.join(out, "patches", name), "w") as patch:
            patch.write(make_patch(out, patch_index, patch_index * 2))
        names.append(name)
    with open(os.path.join(out, "patches", "series"), "w") as series:
        series.write("".join(f"{name}\n" for name in names))


main()
