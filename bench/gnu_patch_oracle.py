#!/usr/bin/env python3
"""GNU patch 2.7.6 as the oracle for a real series: per hunk (status, line, offset, fuzz) and the
resulting tree, byte for byte, against patchbay's check-series report and `apply --worktree` tree.

    python3 bench/gnu_patch_oracle.py PROJECT_DIR [--patchbay BIN] [--fuzz N] [--keep DIR]

PROJECT_DIR holds patchbay.toml, the pristine tree and the series (bench/debian_series_setup.sh
lays one out). GNU patch runs each active entry in series order on a copy of the pristine tree
(`patch -pN --fuzz=N -N --verbose --no-backup-if-mismatch`); its "Hunk #n succeeded at L with
fuzz F (offset K lines)." lines are compared with the JSON report's hunks, file section by file
section (sections without hunks are left out on both sides). Then `patchbay apply --worktree`
writes its tree, and the two trees are compared by sha256 manifest (files, symlinks, exec bits).

Prints one summary line, `hunks agreeing: A / T; tree: identical` (or the differing paths), and
exits 1 when anything differs.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

HUNK = re.compile(r"^Hunk #(\d+) (succeeded|FAILED|ignored) at (-?\d+)"
                  r"(?: with fuzz (\d+))?(?: \(offset (-?\d+) lines?\))?\.")


def active_entries(series_path):
    entries = []
    with open(series_path, encoding="utf-8", errors="replace") as series:
        for line in series:
            words = line.split("#", 1)[0].split() if not line.lstrip().startswith("#") else []
            if not words:
                continue
            strip, reverse = 1, False
            for i, word in enumerate(words[1:], 1):
                if word.startswith("-p"):
                    strip = int(word[2:] or words[i + 1])
                reverse = reverse or word == "-R"
            entries.append((words[0], strip, reverse))
    return entries


def gnu_sections(output):
    """[(path, [hunk dicts])] in the order GNU patch printed them."""
    sections = []
    for line in output.splitlines():
        if line.startswith("patching file "):
            sections.append([line[len("patching file "):].strip("'"), []])
            continue
        match = HUNK.match(line)
        if match and sections:
            n, what, at, fuzz, offset = match.groups()
            status = {"succeeded": "ok", "FAILED": "rejected", "ignored": "already-applied"}[what]
            sections[-1][1].append({"n": int(n), "status": status, "line": int(at),
                                    "fuzz": int(fuzz or 0), "offset": int(offset or 0)})
    return sections


def series_file(project):
    """The series file patchbay.toml names ([series] file), or patches/series."""
    with open(os.path.join(project, "patchbay.toml"), "rb") as config:
        return os.path.join(project, tomllib.load(config).get("series", {}).get(
            "file", "patches/series"))


def run_gnu(series, pristine, entries, fuzz, tree):
    shutil.copytree(pristine, tree, symlinks=True)
    per_patch = {}
    patches_dir = os.path.dirname(series)
    for name, strip, reverse in entries:
        out = subprocess.run(
            ["patch", f"-p{strip}", f"--fuzz={fuzz}", "-N", "--verbose", "--no-backup-if-mismatch",
             *(["-R"] if reverse else []), "-d", tree, "-i", os.path.join(patches_dir, name)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
            errors="replace")
        per_patch[name] = gnu_sections(out.stdout)
    return per_patch


def patchbay_status(hunk):
    if hunk["status"] in ("exact", "offset", "fuzz"):
        return "ok"
    return hunk["status"]


def compare_hunks(report, gnu):
    agree, total, differences = 0, 0, []
    for patch in report["patches"]:
        if patch["status"] == "skipped":
            continue
        ours = [f for f in patch["files"] if f["hunks"]]
        theirs = [s for s in gnu.get(patch["name"], []) if s[1]]
        for index, section in enumerate(ours):
            other = theirs[index][1] if index < len(theirs) else []
            by_n = {h["n"]: h for h in other}
            for hunk in section["hunks"]:
                total += 1
                g = by_n.get(hunk["n"])
                mine = (patchbay_status(hunk), hunk["line"], hunk["offset"], hunk["fuzz"])
                if g and g["status"] == "rejected":
                    same = mine[0] == "rejected"
                else:
                    same = g is not None and mine == (g["status"], g["line"], g["offset"], g["fuzz"])
                if same:
                    agree += 1
                else:
                    differences.append(f"{patch['name']} {section['path']} hunk #{hunk['n']}: "
                                       f"patchbay {mine}, GNU patch "
                                       f"{(g['status'], g['line'], g['offset'], g['fuzz']) if g else None}")
    return agree, total, differences


def manifest(tree):
    entries = {}
    for root, dirs, files in os.walk(tree):
        dirs[:] = [d for d in dirs if not (root == tree and d in (".git", ".pc"))]
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, tree)
            if os.path.islink(path):
                entries[rel] = "link " + os.readlink(path)
            else:
                with open(path, "rb") as data:
                    digest = hashlib.sha256(data.read()).hexdigest()
                entries[rel] = digest + (" exec" if os.access(path, os.X_OK) else "")
    return entries


def compare_trees(left, right):
    a, b = manifest(left), manifest(right)
    return sorted(p for p in set(a) | set(b) if a.get(p) != b.get(p))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("project")
    parser.add_argument("--patchbay", default=os.path.join(os.path.dirname(__file__), "..",
                                                           "build", "patchbay"))
    parser.add_argument("--fuzz", type=int, default=0)
    parser.add_argument("--keep", help="leave the two trees in this folder")
    parser.add_argument("--known-difference", action="append", default=[], metavar="PATH",
                        help="a path whose difference is one of the README's deliberate ones")
    args = parser.parse_args()
    project = os.path.abspath(args.project)
    series = series_file(project)
    entries = active_entries(series)
    work = args.keep or tempfile.mkdtemp(prefix="oracle-")
    os.makedirs(work, exist_ok=True)
    gnu_tree, our_tree = os.path.join(work, "gnu"), os.path.join(work, "patchbay")
    for tree in (gnu_tree, our_tree):
        shutil.rmtree(tree, ignore_errors=True)
    gnu = run_gnu(series, os.path.join(project, "pristine"), entries, args.fuzz, gnu_tree)
    check = subprocess.run([args.patchbay, "check-series", "--format", "json", "--fuzz",
                            str(args.fuzz)], cwd=project, stdout=subprocess.PIPE, text=True)
    report = json.loads(check.stdout)
    agree, total, differences = compare_hunks(report, gnu)
    subprocess.run([args.patchbay, "apply", "--worktree", our_tree, "--fuzz", str(args.fuzz)],
                   cwd=project, stdout=subprocess.DEVNULL, check=False)
    trees = compare_trees(gnu_tree, our_tree)
    known = [path for path in trees if path in args.known_difference]
    trees = [path for path in trees if path not in args.known_difference]
    for path in known:
        print("tree differs (deliberate, README):", path)
    for line in differences[:20]:
        print("hunk differs:", line)
    for path in trees[:20]:
        print("tree differs:", path)
    print(f"{os.path.basename(project)}: {len(entries)} entries; hunks agreeing with GNU patch: "
          f"{agree} / {total}; check-series exit {check.returncode}; tree: "
          + ("identical" if not trees else f"{len(trees)} paths differ")
          + (f" (+{len(known)} deliberate)" if known else ""))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if agree == total and not trees else 1


if __name__ == "__main__":
    sys.exit(main())
