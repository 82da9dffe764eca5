#!/usr/bin/env python3
"""Helper of bench/regenerate_roundtrip.sh (not run on its own).

  regenerate_roundtrip.py entries                the series entries check-series applies, one
                                                 "NAME STRIP" a line (check-series --format json
                                                 on stdin)
  regenerate_roundtrip.py edit PATCH STRIP WT STATE
                                                 the one-line edit: in the first hunk of the first
                                                 modified text file of PATCH, the first line the
                                                 hunk adds (else its first context line) gets a
                                                 suffix in the worktree WT; where that hunk lies in
                                                 PATCH's text goes to STATE (JSON). Exit 3: no such
                                                 hunk (why on stdout).
  regenerate_roundtrip.py compare OLD NEW STATE  a line diff of the old and the new patch text;
                                                 the first word on stdout is "exact" (the new text
                                                 is the hand-edited one), "hunk" (it differs only
                                                 inside the edited hunk) or "outside" (then what
                                                 else changed, and the diff); exit 1 for "outside"

The hunk and the edit are found from the patch text alone (a hand rule), never from patchbay's
output: the hunk is the span from its @@ line to its last line (a trailing "\\ No newline" line
included), and the worktree line is found by searching the hunk's new side in the file. A
git-made section's `index OLD..NEW` line must change too (NEW names the edited file's blob): the
hand rule expects NEW to become the edited file's blob id, as many hex digits long as before.
"""
import difflib
import hashlib
import json
import re
import sys

SUFFIX = b" /* roundtrip edit */"
HUNK_RE = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
# the lines a file section's header may hold above its ---/+++ pair
HEADER_RE = re.compile(rb"^(diff |Index: |====|index |old mode |new mode |deleted file |new file |"
                       rb"similarity |dissimilarity |rename |copy )")
INDEX_RE = re.compile(rb"^index ([0-9a-f]+)\.\.([0-9a-f]+)")


def split_lines(data):
    return data.splitlines(keepends=True)


def header_path(line, prefix):
    """The path of a ---/+++ line: up to a TAB (a timestamp follows), else the whole rest."""
    rest = line[len(prefix):].rstrip(b"\r\n")
    if b"\t" in rest:
        rest = rest.split(b"\t", 1)[0]
    if rest.startswith(b'"'):
        return None  # a quoted (escaped) name: left to patchbay, not this helper
    return rest


def strip_path(path, strip):
    parts = path.split(b"/")
    if len(parts) <= strip:
        return None
    return b"/".join(parts[strip:])


def file_sections(lines):
    """(old, new, [(hunk start, hunk end exclusive, old start, new start)]) per ---/+++ section."""
    sections = []
    i = 0
    while i < len(lines):
        if (lines[i].startswith(b"--- ") and i + 2 < len(lines) and lines[i + 1].startswith(b"+++ ")
                and HUNK_RE.match(lines[i + 2])):
            old = header_path(lines[i], b"--- ")
            new = header_path(lines[i + 1], b"+++ ")
            hunks = []
            j = i + 2
            while j < len(lines):
                m = HUNK_RE.match(lines[j])
                if not m:
                    break
                old_left = int(m.group(2)) if m.group(2) is not None else 1
                new_left = int(m.group(4)) if m.group(4) is not None else 1
                start = j
                j += 1
                while j < len(lines) and (old_left > 0 or new_left > 0):
                    c = lines[j][:1]
                    if c == b" " or lines[j] in (b"\n", b"\r\n"):
                        old_left -= 1
                        new_left -= 1
                    elif c == b"-":
                        old_left -= 1
                    elif c == b"+":
                        new_left -= 1
                    elif c == b"\\":
                        pass
                    else:
                        break
                    j += 1
                while j < len(lines) and lines[j].startswith(b"\\"):
                    j += 1
                hunks.append((start, j, int(m.group(1)), int(m.group(3))))
            head = i   # the section's first header line: back over Index:/====/diff --git/index…
            while head > 0 and HEADER_RE.match(lines[head - 1]):
                head -= 1
                if lines[head].startswith((b"diff ", b"Index: ")):
                    break
            sections.append((old, new, hunks, head, i))
            i = j
        else:
            i += 1
    return sections


def body(line):
    """A patch line without its first character; an empty line is an empty context line."""
    return line[1:] if line[:1] in (b" ", b"+", b"-") else b"\n"


def cmd_entries():
    report = json.load(sys.stdin)
    for p in report["patches"]:
        if p["status"] == "applied" and p["files"]:
            print(p["name"], p.get("strip", 1))


def blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest().encode()


def cmd_edit(patch_path, strip, wt, state_path):
    with open(patch_path, "rb") as f:
        lines = split_lines(f.read())
    sections = file_sections(lines)
    chosen = None
    for section in sections:
        old, new, hunks = section[:3]
        if old is None or new is None or old == b"/dev/null" or new == b"/dev/null" or not hunks:
            continue
        chosen = section
        break
    if chosen is None:
        print("no modified text file with a unified hunk "
              "(created, deleted or binary files, context diffs only)")
        return 3
    _, new, hunks, head, dashes = chosen
    hs, he, _, new_start = hunks[0]
    rel = strip_path(new, strip)
    if rel is None:
        print("path %r is too short for -p%d" % (new, strip))
        return 3
    side = []   # the hunk's new side: (index in patch text, bytes without line end)
    for k in range(hs + 1, he):
        if lines[k][:1] in (b"+", b" ") or lines[k] in (b"\n", b"\r\n"):
            side.append((k, body(lines[k]).rstrip(b"\n")))
    if not side:
        print("the first hunk has no new side (it only removes lines)")
        return 3
    target = next((k for k, (idx, _) in enumerate(side) if lines[idx][:1] == b"+"), None)
    kind = "added"
    if target is None:
        target, kind = 0, "context"
    path = wt + "/" + rel.decode("utf-8", "surrogateescape")
    try:
        with open(path, "rb") as f:
            file_lines = split_lines(f.read())
    except OSError as e:
        print("cannot read %s: %s" % (rel, e))
        return 3
    stripped = [l.rstrip(b"\n") for l in file_lines]
    want = [b for _, b in side]
    places = [p for p in range(len(stripped) - len(want) + 1) if stripped[p:p + len(want)] == want]
    if not places:
        print("the hunk's new side is not in %s" % rel.decode("utf-8", "replace"))
        return 3
    at = min(places, key=lambda p: abs(p - (new_start - 1))) + target
    line = file_lines[at]
    end = b"\r\n" if line.endswith(b"\r\n") else b"\n" if line.endswith(b"\n") else b""
    file_lines[at] = line[:len(line) - len(end)] + SUFFIX + end
    data = b"".join(file_lines)
    with open(path, "wb") as f:
        f.write(data)
    index_line = next((k for k in range(head, dashes) if INDEX_RE.match(lines[k])), None)
    with open(state_path, "w") as f:
        json.dump({"file": rel.decode("utf-8", "replace"), "hunk_start": hs, "hunk_end": he,
                   "edited_patch_line": side[target][0], "kind": kind,
                   "section": [head, max(h[1] for h in hunks)],
                   "other_hunks": [[h[0], h[1]] for h in hunks[1:]],
                   "first_section": sections[0][3], "index_line": index_line,
                   "blob": blob_id(data).decode()}, f)
    return 0


def with_line(lines, at, text):
    return lines[:at] + [text] + lines[at + 1:]


def region(state, k):
    """What line k of the old patch text is, for a change outside the edited hunk."""
    if k < state["first_section"]:
        return "description"
    for hs, he in state["other_hunks"]:
        if hs == k:
            return "line numbers of another hunk"
        if hs < k < he:
            return "another hunk re-diffed"
    if state["index_line"] == k:
        return "index line"
    head, end = state["section"]
    if head <= k < end:
        return "header of the edited file"
    return "another file section"


STAT_RE = re.compile(rb"^ \d+ files? changed(?:, (\d+) insertions?\(\+\))?"
                     rb"(?:, (\d+) deletions?\(-\))?")


def diffstat_block(lines, first_section):
    """The lines of the description's diffstat ("---", the per-file lines, the summary), as a
    range; None when it has none."""
    for k in range(first_section):
        if lines[k].rstrip(b"\r\n") == b"---":
            for j in range(k + 1, first_section):
                if STAT_RE.match(lines[j]):
                    return range(k + 1, j + 1)
    return None


def diffstat_agrees(lines, first_section):
    """Whether the summary line of the diffstat counts the + and - lines the hunks hold (what git
    writes for the patch as it now is)."""
    block = diffstat_block(lines, first_section)
    if block is None:
        return False
    m = STAT_RE.match(lines[block[-1]])
    added = removed = 0
    old_left = new_left = 0  # lines of the current hunk still to come, by its header's counts
    for line in lines[first_section:]:
        h = HUNK_RE.match(line)
        if h and old_left <= 0 and new_left <= 0:
            old_left = int(h.group(2) or 1)
            new_left = int(h.group(4) or 1)
        elif line.startswith(b"+") and new_left > 0:
            added, new_left = added + 1, new_left - 1
        elif line.startswith(b"-") and old_left > 0:
            removed, old_left = removed + 1, old_left - 1
        elif line.startswith(b" ") and (old_left > 0 or new_left > 0):
            old_left, new_left = old_left - 1, new_left - 1
    return int(m.group(1) or 0) == added and int(m.group(2) or 0) == removed


def cmd_compare(old_path, new_path, state_path):
    """The hand rule: the expected text is the old one with the edited line's suffix and, for a
    git-made section, the post-image id of its index line replaced by the edited file's blob id
    (as many hex digits as it had). 'exact': the new text is that; 'hunk': it differs from the
    old one inside the edited hunk (and in that index line as said) only; else 'outside'."""
    with open(old_path, "rb") as f:
        old = split_lines(f.read())
    with open(new_path, "rb") as f:
        new = split_lines(f.read())
    with open(state_path) as f:
        state = json.load(f)
    hs, he, edited = state["hunk_start"], state["hunk_end"], state["edited_patch_line"]
    expected_old = old
    if state["index_line"] is not None:
        k = state["index_line"]
        m = INDEX_RE.match(old[k])
        post = m.group(2)
        blob = state["blob"].encode()[:len(post)]
        expected_old = with_line(old, k, old[k][:m.start(2)] + blob + old[k][m.end(2):])
    line = old[edited]
    end = b"\r\n" if line.endswith(b"\r\n") else b"\n" if line.endswith(b"\n") else b""
    exact_text = with_line(expected_old, edited, line[:len(line) - len(end)] + SUFFIX + end)
    ops = [op for op in difflib.SequenceMatcher(None, expected_old, new, autojunk=False)
           .get_opcodes() if op[0] != "equal"]
    outside = set()
    # A diffstat that git would now write differently (the edit changed the counts) is refreshed,
    # not an edit outside the hunk, when its summary counts the new patch's lines.
    stat = diffstat_block(old, state["first_section"])
    first_header = old[state["first_section"]]
    stat_ok = stat is not None and first_header in new and \
        diffstat_agrees(new, new.index(first_header))
    for tag, i1, i2, _, _ in ops:
        touched = [i1 - 1] if tag == "insert" else range(i1, i2)
        for k in touched:
            if stat_ok and k in stat:
                continue
            if not hs <= k < he:
                outside.add(region(state, k))
    verdict = "exact" if state["kind"] == "added" and new == exact_text else \
        "hunk" if not outside else "outside"
    print(verdict, "(hunk: patch lines %d-%d, %s line %d edited in %s)%s"
          % (hs + 1, he, state["kind"], edited + 1, state["file"],
             ": " + ", ".join(sorted(outside)) if outside else ""))
    if verdict != "exact":
        sys.stdout.writelines(difflib.unified_diff(
            [l.decode("utf-8", "replace") for l in old],
            [l.decode("utf-8", "replace") for l in new], "old", "new", n=1))
    return 0 if not outside else 1


def main(argv):
    if argv[1:2] == ["entries"]:
        cmd_entries()
        return 0
    if argv[1:2] == ["edit"] and len(argv) == 6:
        return cmd_edit(argv[2], int(argv[3]), argv[4], argv[5])
    if argv[1:2] == ["compare"] and len(argv) == 5:
        return cmd_compare(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
