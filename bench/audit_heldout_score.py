#!/usr/bin/env python3
"""Scores int32-index-stride on a held-out table of real fixes and safe kernels.

usage: audit_heldout_score.py MIRRORS TABLE [PATCHBAY]

MIRRORS holds one git directory per repository at MIRRORS/<owner>+<name>/repo; TABLE has the
columns of tests/fixtures/audit_corpus/heldout-*.tsv (the tenth, the source kind, optional: the
id's prefix says it otherwise). Each file is written to a scratch tree with its headers and
audited with `patchbay audit-kernels --tree DIR --format json --fail-on all`.

A fix is caught when a finding's line, one of its related lines or an "at line N" of its
message is a fixed line of the file before; a fix of a value read from memory needs an error.
After the fix, a finding still at a fixed line of the file after (any severity) means the fix
is not clean. A safe kernel counts its errors and warnings. Prints one line per row, then the
tally per source kind.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict


def parse_lines(text):
    lines = set()
    if text in ("-", ""):
        return lines
    for part in text.split(","):
        first, _, last = part.partition("-")
        lines.update(range(int(first), int(last or first) + 1))
    return lines


def source_kind(fields):
    if len(fields) >= 10 and fields[9]:
        return fields[9]
    for prefix, kind in (("bid", "block_id"), ("pid", "program_id"), ("mem", "memory")):
        if f"-{prefix}-" in fields[0] or fields[0].startswith(prefix + "-"):
            return kind
    return "memory" if fields[1] == "fix" else "safe"


def show(mirrors, repo, rev, path):
    git_dir = os.path.join(mirrors, repo.replace("/", "+"), "repo")
    result = subprocess.run(["git", "--git-dir", git_dir, "show", f"{rev}:{path}"],
                            capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"{repo} {rev}:{path}: {result.stderr.decode().strip()}")
    return result.stdout


def audit(patchbay, mirrors, repo, rev, path, headers):
    with tempfile.TemporaryDirectory() as tree:
        for name in [path] + headers:
            target = os.path.join(tree, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as out:
                out.write(show(mirrors, repo, rev, name))
        result = subprocess.run([patchbay, "audit-kernels", "--tree", tree, "--format", "json",
                                 "--fail-on", "all"], capture_output=True, text=True)
        findings = json.loads(result.stdout)["findings"]
    return [f for f in findings if f["rule"] == "int32-index-stride" and f["path"] == path]


def lines_of(finding):
    lines = {finding["line"]}
    lines.update(r["line"] for r in finding.get("related", []))
    lines.update(int(n) for n in re.findall(r"at line (\d+)", finding["message"]))
    return lines


def score(mirrors, table, patchbay):
    tally = defaultdict(lambda: defaultdict(int))
    for row in open(table):
        if row.startswith("#") or not row.strip():
            continue
        fields = row.rstrip("\n").split("\t")
        ident, kind, repo, commit, path = fields[:5]
        headers = [h for h in (fields[8].split(",") if len(fields) > 8 else []) if h]
        source = source_kind(fields)
        counts = tally[source]
        if kind == "safe":
            found = audit(patchbay, mirrors, repo, commit, path, headers)
            errors = sum(f["severity"] == "error" for f in found)
            counts["safe"] += 1
            counts["safe_flagged"] += bool(found)
            print(f"{ident}\tsafe\t{errors} errors, {len(found) - errors} warnings")
            continue
        before = audit(patchbay, mirrors, repo, commit + "^", path, headers)
        after = audit(patchbay, mirrors, repo, commit, path, headers)
        wanted = parse_lines(fields[6])
        eligible = [f for f in before if source != "memory" or f["severity"] == "error"]
        caught = any(lines_of(f) & wanted for f in eligible)
        left = [f["line"] for f in after if f["line"] in parse_lines(fields[7])]
        counts["fixes"] += 1
        counts["caught"] += caught
        counts["clean_after"] += not left
        print(f"{ident}\t{source}\t{'caught' if caught else 'MISSED'}\t"
              f"{'clean after' if not left else 'still at ' + str(left)}\t"
              f"{len(before)} findings before")
    for source, counts in sorted(tally.items()):
        print(f"{source}: {dict(counts)}")
    fixes = sum(c["fixes"] for c in tally.values())
    caught = sum(c["caught"] for c in tally.values())
    print(f"all: {caught} of {fixes} caught")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    score(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else "patchbay")
