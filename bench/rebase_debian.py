#!/usr/bin/env python3
"""patchbay rebase against git cherry-pick -3 on real Debian upgrades (issue #29).

    python3 bench/rebase_debian.py setup PKG        # download and lay out (cached)
    python3 bench/rebase_debian.py run PATCHBAY PKG  # both tools, one JSON line on stdout
    python3 bench/rebase_debian.py table FILE...     # the Markdown table of the JSON lines

For a source package in bookworm and trixie with different upstream versions, the bookworm
series is carried onto the trixie upstream tarball. The upstream is a git repository with two
commits, the bookworm orig tree (tag `old`) and the trixie one (tag `new`), so that git can
cherry-pick and patchbay can rebase; there is no history between them, as with a tarball.

The oracle is the maintainers' own upgrade: a bookworm patch whose name (numbers aside) is in
trixie's series was kept; one that is not was dropped, and trixie's changelog since the
bookworm version says why: an entry that names the patch and says upstream/applied/included/
merged/fixed in/cherry-picked/backported marks it "upstream"; another naming it "dropped
(other)"; none "dropped (unknown)".

git: the series as one commit per patch on `old` (GNU patch, -pN, fuzz 2), each commit
cherry-picked onto `new` in series order (`git cherry-pick`, merge-ort, rename detection);
a clean pick is carried, an empty one ("now empty") upstream, anything else a stop (aborted,
the next one picked on the state without it).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time

CACHE = os.environ.get("PATCHBAY_BENCH_CACHE", "/work/corpus-29")
# A bullet that rebases, refreshes or renames a patch keeps it: the top-level "New upstream
# version" it sits under does not say the patch went upstream (shadow's "Rebase patch
# 401_cppw_src.dpatch" under "New upstream version 4.15.1").
KEPT_WORDS = re.compile(r"^\W*(rebase|refresh|rename|update)[ds]?\b", re.I)
UPSTREAM_WORDS = re.compile(
    r"upstream|applied|included|merged|fixed in|cherry-?pick|backport|incorporated|"
    r"new upstream (release|version)",
    re.I,
)


def sh(cmd, cwd=None, check=True):
    r = subprocess.run(cmd, cwd=cwd, shell=True, capture_output=True, text=True, errors="replace")
    if check and r.returncode != 0:
        raise RuntimeError(f"{cmd}: {r.stderr[-2000:]}")
    return r


def src_dir(folder):
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if os.path.isdir(path) and os.path.isdir(os.path.join(path, "debian")):
            return path
    raise RuntimeError(f"no unpacked source in {folder}")


def versions_in(pkg, release):
    """The source versions of `pkg` in the release's main suite, highest first."""
    found = []
    for line in sh(f"apt-cache madison {pkg}").stdout.splitlines():
        fields = [f.strip() for f in line.split("|")]
        if len(fields) == 3 and fields[2].endswith(f" {release}/main Sources"):
            at = 0
            while at < len(found) and sh(f"dpkg --compare-versions '{fields[1]}' lt "
                                         f"'{found[at]}'", check=False).returncode == 0:
                at += 1
            found.insert(at, fields[1])
    if not found:
        raise RuntimeError(f"{pkg} has no source in {release}")
    return found


def download(pkg, release, folder):
    if os.path.exists(os.path.join(folder, "DONE")):
        return src_dir(folder)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    # apt's lock may be held by another engineer; the index may list a version the mirror no
    # longer has (then the next one down).
    for attempt in range(20):
        version = versions_in(pkg, release)[min(attempt // 2, len(versions_in(pkg, release)) - 1)]
        r = sh(f"apt-get source -q --download-only {pkg}={version}", cwd=folder, check=False)
        if r.returncode == 0:
            break
        time.sleep(5)
    else:
        raise RuntimeError(r.stderr)
    dsc = [f for f in os.listdir(folder) if f.endswith(".dsc")][0]
    sh(f"dpkg-source --skip-patches -x {dsc} src", cwd=folder)
    open(os.path.join(folder, "DONE"), "w").close()
    return src_dir(folder)


def series_file(src):
    for name in ("debian.series", "series"):
        path = os.path.join(src, "debian", "patches", name)
        if os.path.exists(path):
            return path
    return None


def series_names(src):
    path = series_file(src)
    if not path:
        return []
    out = []
    for line in open(path, errors="replace"):
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line.split()[0])
    return out


def commit_tree(up, src, tag):
    for entry in os.listdir(up):
        if entry != ".git":
            p = os.path.join(up, entry)
            shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    sh(f"tar -C '{src}' --exclude=./debian --exclude=./.pc -cf - . | tar -C '{up}' -xf -")
    sh("git add -A -f && git commit -q --allow-empty -m " + tag + " && git tag " + tag, cwd=up)


def setup(pkg):
    work = os.path.join(CACHE, pkg)
    if os.path.exists(os.path.join(work, "READY")):
        return work
    old = download(pkg, "bookworm", os.path.join(work, "dl-old"))
    new = download(pkg, "trixie", os.path.join(work, "dl-new"))
    up = os.path.join(work, "up")
    shutil.rmtree(up, ignore_errors=True)
    os.makedirs(up)
    sh("git init -q && git config user.name bench && git config user.email b@b && "
       "git config core.autocrlf false && git config gc.auto 0", cwd=up)
    commit_tree(up, old, "old")
    commit_tree(up, new, "new")
    open(os.path.join(work, "READY"), "w").close()
    return work


def changelog_since(new_src, old_version):
    """trixie's changelog entries newer than the bookworm version, as one text."""
    out = []
    for line in open(os.path.join(new_src, "debian", "changelog"), errors="replace"):
        m = re.match(r"^\S+ \(([^)]+)\)", line)
        # A stable update (1:4.13+dfsg1-1+deb12u2) is not in unstable's changelog: stop at the
        # first entry no newer than it, not at the end of the file.
        if m and subprocess.run(["dpkg", "--compare-versions", m.group(1), "le", old_version]
                                ).returncode == 0:
            break
        out.append(line)
    return "".join(out)


def stem(name):
    base = os.path.basename(name)
    base = re.sub(r"\.(patch|diff|dpatch)$", "", base)
    return re.sub(r"^[0-9]+[-_.]", "", base)


def items(changelog):
    """The changelog's bullet items, continuation lines joined; a sub-item carries its
    top-level item's text too ("* New upstream release" above "- [CVE-…] …")."""
    result, current, top = [], "", ""
    for line in changelog.splitlines():
        starts = re.match(r"^(\s+)[*+-] ", line)
        if starts or re.match(r"^\S", line):
            if current:
                result.append(current)
            current = line.strip()
            if not starts or len(starts.group(1)) <= 2:
                top = current
            else:
                current = top + " / " + current
        else:
            current += " " + line.strip()
            if current.startswith(top) and " / " not in current:
                top = current
    if current:
        result.append(current)
    return result


def claims_upstream_origin(path):
    """The patch's own DEP-3 header says it came from upstream, or it is a CVE fix: dropped
    in a newer upstream release, upstream has it."""
    head = open(path, errors="replace").read(8192)
    if re.search(r"^(Origin:\s*(upstream|backport)|Applied-Upstream:)", head, re.I | re.M):
        return True
    return re.search(r"CVE-\d{4}-\d+", os.path.basename(path), re.I) is not None


def classify(old_src, new_src):
    kept = {stem(n) for n in series_names(new_src)}
    version = sh("dpkg-parsechangelog -S Version", cwd=old_src).stdout.strip()
    bullets = items(changelog_since(new_src, version))
    verdicts = {}
    for name in series_names(old_src):
        if stem(name) in kept:
            verdicts[name] = "kept"
            continue
        said = [b for b in bullets if (stem(name) in b or os.path.basename(name) in b)
                and not KEPT_WORDS.search(b.split(" / ")[-1])]
        if any(UPSTREAM_WORDS.search(b) for b in said):
            verdicts[name] = "upstream"
        elif claims_upstream_origin(os.path.join(old_src, "debian", "patches", name)):
            verdicts[name] = "upstream"
        elif said:
            verdicts[name] = "dropped-other"
        else:
            verdicts[name] = "dropped-unknown"
    return verdicts


def project(work, old_src, fuzz):
    s = os.path.join(work, "s")
    shutil.rmtree(s, ignore_errors=True)
    shutil.copytree(os.path.join(old_src, "debian", "patches"), os.path.join(s, "patches"))
    series = os.path.basename(series_file(old_src))
    with open(os.path.join(s, "patchbay.toml"), "w") as f:
        f.write(f'[upstream]\npath = "../up"\nrev = "old"\n\n[series]\n'
                f'file = "patches/{series}"\nfuzz = {fuzz}\n')
    return s


def patchbay_run(patchbay, work, old_src):
    """patchbay rebase --format json, at the fuzz the bookworm series needs (0, else 2)."""
    report, seconds, fuzz, check_rc, rebase_rc = patchbay_report(patchbay, work, old_src)
    return {p["name"]: p["outcome"] for p in report["patches"]}, seconds, fuzz, check_rc, rebase_rc


def patchbay_report(patchbay, work, old_src):
    """patchbay_run's run, with the whole JSON report instead of the outcomes only."""
    for fuzz in (0, 2):
        s = project(work, old_src, fuzz)
        check = sh(f"{patchbay} check-series", cwd=s, check=False)
        if check.returncode == 0:
            break
    start = time.monotonic()
    r = sh(f"{patchbay} rebase --onto new --format json", cwd=s, check=False)
    seconds = time.monotonic() - start
    if r.returncode == 2:
        raise RuntimeError(f"patchbay rebase: {r.stderr[-2000:]}")
    return json.loads(r.stdout), seconds, fuzz, check.returncode, r.returncode


def strip_of(src, name):
    for line in open(series_file(src), errors="replace"):
        fields = line.split("#", 1)[0].split()
        if fields and fields[0] == name:
            for f in fields[1:]:
                if f.startswith("-p"):
                    return f[2:]
    return "1"


def git_run(work, old_src):
    up = os.path.join(work, "up")
    sh("git checkout -q -f old && git clean -qfdx && git checkout -q -B topic old", cwd=up)
    commits = []
    for name in series_names(old_src):
        path = os.path.join(old_src, "debian", "patches", name)
        p = sh(f"patch -p{strip_of(old_src, name)} -F2 -f -s --no-backup-if-mismatch -i '{path}'",
               cwd=up, check=False)
        if p.returncode != 0:
            sh("git reset -q --hard && git clean -qfdx", cwd=up)
            commits.append((name, None))
            continue
        sh(f"git add -A -f && git commit -q --allow-empty -m 'p {name}'", cwd=up)
        commits.append((name, sh("git rev-parse HEAD", cwd=up).stdout.strip()))
    sh("git checkout -q -B picked new", cwd=up)
    outcome = {}
    for name, commit in commits:
        if commit is None:
            outcome[name] = "not applying"
            continue
        r = sh(f"git -c merge.renames=true cherry-pick {commit}", cwd=up, check=False)
        if r.returncode == 0:
            outcome[name] = "carried"
            continue
        text = r.stdout + r.stderr
        unmerged = sh("git diff --name-only --diff-filter=U", cwd=up).stdout.strip()
        if not unmerged and ("empty" in text):
            outcome[name] = "upstream"
            sh("git cherry-pick --skip", cwd=up, check=False)
        else:
            outcome[name] = "conflict"
            sh("git cherry-pick --abort", cwd=up, check=False)
            sh("git reset -q --hard && git clean -qfdx", cwd=up)
    return outcome


def write_check(patchbay, work, old_src):
    """--write on the series without the patches left to a person (as a maintainer defers
    them), then check-series and `quilt push -a` on the new upstream: whether the written
    series applies. Returns (patches written, check-series status, quilt status)."""
    s = os.path.join(work, "s")
    w = os.path.join(work, "s-write")
    series = os.path.basename(series_file(old_src))
    shutil.rmtree(w, ignore_errors=True)
    shutil.copytree(s, w)
    path = os.path.join(w, "patches", series)
    for _ in range(4):  # a deferred patch may take a later one's base with it
        r = sh(f"{patchbay} rebase --onto new --format json", cwd=w, check=False)
        person = {p["name"] for p in json.loads(r.stdout)["patches"] if p.get("needs_person")}
        kept = [l for l in open(path) if not (l.split() and l.split()[0] in person)]
        open(path, "w").writelines(kept)
        r = sh(f"{patchbay} rebase --onto new --write", cwd=w, check=False)
        if r.returncode == 0:
            break
    check = sh(f"{patchbay} check-series", cwd=w, check=False).returncode
    q = os.path.join(work, "quilt")
    shutil.rmtree(q, ignore_errors=True)
    os.makedirs(q)
    sh(f"git -C '{os.path.join(work, 'up')}' archive new | tar -C '{q}' -xf -")
    shutil.copytree(os.path.join(w, "patches"), os.path.join(q, "patches"))
    quilt = sh(f"QUILT_PATCHES=patches QUILT_SERIES={series} quilt push -a -q --fuzz=0",
               cwd=q, check=False)
    # quilt says "No patches in series" (status 2) when every patch was deferred or upstream.
    quilt = 0 if "No patches in series" in quilt.stdout + quilt.stderr else quilt.returncode
    return r.returncode, check, quilt


PB_CARRIED = {"applies", "applies at an offset", "applies with fuzz", "merged", "partly upstream"}


def run(patchbay, pkg):
    work = setup(pkg)
    old_src, new_src = src_dir(os.path.join(work, "dl-old")), src_dir(os.path.join(work, "dl-new"))
    verdicts = classify(old_src, new_src)
    pb, seconds, fuzz, check_rc, rebase_rc = patchbay_run(patchbay, work, old_src)
    git = git_run(work, old_src)
    write_rc, check_rc_new, quilt_rc = write_check(patchbay, work, old_src)
    rows = [{"patch": n, "oracle": v, "patchbay": pb.get(n, "?"), "git": git.get(n, "?")}
            for n, v in verdicts.items()]
    versions = tuple(sh("dpkg-parsechangelog -S Version", cwd=src).stdout.strip()
                     for src in (old_src, new_src))
    print(json.dumps({"package": pkg, "versions": versions, "fuzz": fuzz, "check_old": check_rc,
                      "rebase_status": rebase_rc, "seconds": round(seconds, 2), "write": write_rc,
                      "check_after_write": check_rc_new, "quilt_after_write": quilt_rc,
                      "rows": rows}))


def tally(rows, tool):
    def outcome(r):
        o = r[tool]
        if tool == "patchbay":
            return "carried" if o in PB_CARRIED else "upstream" if o == "already upstream" else o
        return o
    kept = [r for r in rows if r["oracle"] == "kept"]
    up = [r for r in rows if r["oracle"] == "upstream"]
    return {
        "kept_carried": sum(outcome(r) == "carried" for r in kept),
        "up_found": sum(outcome(r) == "upstream" for r in up),
        "wrong": sum(outcome(r) == "upstream" for r in kept),
        "person": sum(outcome(r) in ("conflict", "does not apply") for r in rows),
        "partly": sum(r[tool] == "partly upstream" for r in up),
    }


def ok(d, key):
    if d.get("write", 1) != 0:
        return "not written"
    if d.get(key) == 0:
        return "OK"
    return "FAILS (on bookworm too)" if key == "check_after_write" and d["check_old"] else "FAILS"


def table(files):
    lines = []
    for f in files:
        for line in open(f):
            if line.strip():
                lines.append(json.loads(line))
    print("| package (bookworm → trixie) | patches: kept / upstream / other | patchbay: kept carried"
          " / upstream found / wrong upstream / for a person | git cherry-pick: kept carried /"
          " upstream found / wrong upstream / for a person | patchbay time | --write, then"
          " check-series / quilt push -a |")
    print("|---|---|---|---|---|---|")
    total = {"n": [0, 0, 0], "patchbay": {}, "git": {}}
    for d in lines:
        rows = d["rows"]
        kept = sum(r["oracle"] == "kept" for r in rows)
        up = sum(r["oracle"] == "upstream" for r in rows)
        other = len(rows) - kept - up
        for i, v in enumerate((kept, up, other)):
            total["n"][i] += v
        cells = []
        for tool in ("patchbay", "git"):
            t = tally(rows, tool)
            for k, v in t.items():
                total[tool][k] = total[tool].get(k, 0) + v
            cells.append(f"{t['kept_carried']} / {t['up_found']} / {t['wrong']} / {t['person']}")
        print(f"| {d['package']} ({d['versions'][0]} → {d['versions'][1]}) | {kept} / {up} / {other}"
              f" | {cells[0]} | {cells[1]} | {d['seconds']:.2f} s | {ok(d, 'check_after_write')}"
              f" / {ok(d, 'quilt_after_write')} |")
    n = total["n"]
    cells = [f"{t['kept_carried']} / {t['up_found']} / {t['wrong']} / {t['person']}"
             for t in (total["patchbay"], total["git"])]
    print(f"| **all** | {n[0]} / {n[1]} / {n[2]} | {cells[0]} | {cells[1]} | | |")


def main():
    if sys.argv[1] == "setup":
        print(setup(sys.argv[2]))
    elif sys.argv[1] == "run":
        run(os.path.abspath(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "table":
        table(sys.argv[2:])


if __name__ == "__main__":
    main()
