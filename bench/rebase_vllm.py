#!/usr/bin/env python3
"""patchbay rebase against git cherry-pick on a vLLM series with a git-history upstream (#29).

    python3 bench/rebase_vllm.py setup MIRROR        # lay out the corpus from a vLLM clone
    python3 bench/rebase_vllm.py run PATCHBAY        # both tools, the table per patch

MIRROR is any clone of vLLM that holds the commits pinned below: upstream's main line up to
7812bcf2 (2025-09-05) and the ROCm fork's branches 0902_rc1, fix/max_qlen-argument-missing and
fix_full_graph (github:ROCm/vllm has all of them).

A stand-in for the issue's vLLM series, built from real commits: a team carries 15 patches on
upstream B and moves to U, 408 first-parent commits later. Each patch is a real commit,
backported onto B as a distribution backports (`git format-patch`, applied with GNU patch at
fuzz 2 onto B and the patches before it, refreshed: its mail header kept, its diff taken from
the tree). Its answer at U is known from history:

  after-U  an upstream fix merged after U: not in U, a patch to carry ("kept")
  B..U     an upstream commit merged between B and U: U has it ("upstream")
  fork     a commit of the ROCm fork, never merged upstream by U ("kept"), or the fork's
           version of a fix upstream merged between B and U under its own PR ("upstream")

Both tools get the same series (bench/rebase_debian.py's code: `patchbay rebase --onto new
--format json`, and one commit per patch on B cherry-picked onto U in order). Where both carry
a patch, the lines it adds and removes, file by file, are compared between patchbay's written
patch (`rebase --write`) and git's picked commit; and with the upstream commit itself where it
was written on a tree near U (after-U).
"""

import json
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rebase_debian as deb  # noqa: E402
from rebase_debian import sh  # noqa: E402

WORK = os.path.join(deb.CACHE, "vllm")
B = "39052dbca87616a549ab152713f1a3020b2f4eb8"  # Support token_type_ids in V1 ... (#21985)
U = "0ff902f3b48376aadfe4e753ce0872b49c8f9f7e"  # [Refactor] ... CpuGpuBuffer (#23515), B + 408

# (commit, class, answer, why), in series order (by commit date, as a series grows).
SERIES = [
    ("46ae7f666699496f45c0349b87f08d5119720951", "B..U", "upstream",
     "#21783 Mamba2 SSD Triton kernels; its test file edited again by #22928 before U"),
    ("5f4871a35ab20c577ba353b65752ba89bfa1f040", "fork", "upstream",
     "ROCm branch fix_full_graph; its author's upstream PR #22721 (d983769c) is in B..U, with "
     "upstream's renamed attribute (attn_cudagraph_support -> cudagraph_support)"),
    ("77a6bf07aedf132aad2b6719f6d87abc5d3311ab", "B..U", "upstream",
     "#22757 fused_moe/layer.py; the function restructured by #22035 and others before U"),
    ("1fa2ecfcf20916c4295798850d511697aa889bfd", "fork", "kept",
     "ROCm branch fix/max_qlen-argument-missing; not upstream at U"),
    ("1723ef1aae749929c1cbddd964ab3ffd96452a70", "B..U", "upstream",
     "#22603 flashinfer workspace zeroed; V0 file deleted by #22776, V1 file reformatted "
     "(#23193) before U"),
    ("044931f97b39975cce6dbef3df94586d83893758", "B..U", "upstream",
     "#23182 csrc vectorization_utils.cuh; unchanged since (reverses cleanly at U)"),
    ("de02b07db4741cc9ed40b8262d7a67e6bce30211", "after-U", "kept",
     "#23678 merged after U; applies to B with fuzz only"),
    ("4f35be10a96feeca0328d3ab8d359e1eaae5c23d", "after-U", "kept",
     "#19764 csrc/moe/topk_softmax_kernels.cu, merged after U"),
    ("5264015d74f2e0213a1e7d51041a558d7ea580e8", "after-U", "kept",
     "#23864 merged after U"),
    ("2d0afcc9dc925928ee8764c826a3661e487f9f82", "after-U", "kept",
     "#23895 merged after U"),
    ("fb4983e112a81f4df25b92ab98c9c84a5babfec9", "after-U", "kept",
     "#23798 merged after U; applies to B with fuzz only"),
    ("a344a5aa0a58cc1758d9721e848ce1f5ca4b6c7f", "after-U", "kept",
     "#24056 merged after U; applies to B with fuzz only"),
    ("5929779ff9335e9708fe5102b287fbca23a26cbd", "fork", "kept",
     "ROCm branch 0902_rc1, prefix_prefill block id cast to int64; upstream took its own "
     "version (#23692, 457e4719) after U"),
    ("d457cf2d657d072f55212ac787d013e9bc428747", "fork", "kept",
     "ROCm branch 0902_rc1, more int64 casts of block-table loads; not upstream at U"),
    ("6d80ae83e1455cb0e47196cea557398fde0f03d1", "after-U", "kept",
     "#23424 triton_unified_attention.py, merged after U"),
]


def old_src():
    return os.path.join(WORK, "src")


def setup(mirror):
    """The upstream clone (tags old = B, new = U) and the series in src/debian/patches, the
    layout bench/rebase_debian.py reads."""
    up = os.path.join(WORK, "up")
    if not os.path.isdir(os.path.join(up, ".git")):
        os.makedirs(WORK, exist_ok=True)
        sh(f"git clone -q --no-checkout '{mirror}' '{up}'")
        sh("git config user.name bench && git config user.email b@b && "
           "git config core.autocrlf false && git config gc.auto 0", cwd=up)
    for commit, *_ in SERIES + [(B,), (U,)]:
        sh(f"git cat-file -e {commit}^{{commit}}", cwd=up)
    first_parent = sh(f"git rev-list --first-parent --count {B}..{U}", cwd=up).stdout.strip()
    assert first_parent == "408", first_parent
    sh(f"git tag -f old {B} && git tag -f new {U}", cwd=up)
    patches = os.path.join(old_src(), "debian", "patches")
    shutil.rmtree(old_src(), ignore_errors=True)
    os.makedirs(patches)
    sh("git checkout -q -f old && git clean -qfdx && git checkout -q -B backport old", cwd=up)
    names = []
    for number, (commit, *_) in enumerate(SERIES, 1):
        mail = sh(f"git format-patch -1 --stdout {commit}", cwd=up).stdout
        subject = sh(f"git log -1 --format=%f {commit}", cwd=up).stdout.strip()[:52]
        name = f"{number:04d}-{subject}.patch"  # as git format-patch names it
        mail_file = os.path.join(WORK, "mail.patch")
        with open(mail_file, "w") as f:
            f.write(mail)
        p = sh(f"patch -p1 -F2 -f --no-backup-if-mismatch -i '{mail_file}'", cwd=up, check=False)
        if p.returncode != 0 or ".rej" in p.stdout:
            raise RuntimeError(f"{commit} does not apply to B: {p.stdout}{p.stderr}")
        sh(f"git add -A && git commit -q -m 'backport {commit}'", cwd=up)
        header = mail[:mail.index("\n---\n") + 5]
        diff = sh("git diff --full-index HEAD^ HEAD", cwd=up).stdout
        with open(os.path.join(patches, name), "w") as f:
            f.write(header + "\n" + diff)
        names.append(name)
    with open(os.path.join(patches, "series"), "w") as f:
        f.write("".join(n + "\n" for n in names))
    sh("git checkout -q -f old && git branch -q -D backport", cwd=up)
    return names


def changed_lines(diff):
    """The lines a diff adds and removes, by file, in order: what a patch writes."""
    out, path, in_hunk = {}, None, False
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            path, in_hunk = None, False
        elif line.startswith("+++ ") and not in_hunk:
            path = re.sub(r"^[ab]/", "", line[4:].split("\t")[0])
        elif line.startswith("--- ") and not in_hunk:
            pass
        elif line.startswith("@@"):
            in_hunk = True
        elif in_hunk and line[:1] in "+-" and path:
            out.setdefault(path, []).append(line)
    return out


def git_commits(up):
    """git's picked commit of each patch, by name ('p NAME', rebase_debian.git_run)."""
    log = sh("git log --reverse --format='%H %s' new..picked", cwd=up).stdout
    return {s[2:]: h for h, s in (l.split(" ", 1) for l in log.splitlines()) if s.startswith("p ")}


def written_commits(up):
    """patchbay's written series (rebase_debian.write_check's s-write) committed on U, one
    commit per patch, as git's picks are: each patch's commit, by name."""
    w = os.path.join(WORK, "s-write", "patches")
    sh("git checkout -q -f -B written new && git clean -qfdx", cwd=up)
    commits = {}
    for name in [line.split()[0] for line in open(os.path.join(w, "series")) if line.split()]:
        sh(f"git apply --index '{os.path.join(w, name)}' && git commit -q -m 'w {name}'", cwd=up)
        commits[name] = sh("git rev-parse HEAD", cwd=up).stdout.strip()
    return commits


def same_files(up, files, mine, theirs):
    """Whether the files a patch touches read the same after it in both tools' series."""
    def text(commit, path):
        r = sh(f"git show {commit}:'{path}'", cwd=up, check=False)
        return r.stdout if r.returncode == 0 else None
    return all(text(mine, f) == text(theirs, f) for f in files)


def as_upstream(up, name, commit):
    """Whether the written patch, on U's files alone, changes them as upstream's own commit
    changed its parent: the same lines differ between U and the parent as between U with the
    patch and the commit (the patch lands where upstream put it)."""
    tmp = os.path.join(WORK, "placement")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    patch = os.path.join(WORK, "s-write", "patches", name)
    files = list(changed_lines(open(patch, errors="replace").read()))
    sh("git archive new " + " ".join(f"'{f}'" for f in files) + f" | tar -C '{tmp}' -xf -",
       cwd=up)
    if sh(f"patch -p1 -s -F0 -i '{patch}'", cwd=tmp, check=False).returncode != 0:
        return "n/a"
    for f in files:
        def diff(a, b):
            return [l for l in sh(f"diff '{a}' '{b}'", check=False).stdout.splitlines()
                    if l[:1] in "<>"]
        for rev, out in ((f"{commit}^", "parent"), (commit, "commit"), ("new", "u")):
            with open(os.path.join(WORK, out), "w") as h:
                h.write(sh(f"git show {rev}:'{f}'", cwd=up).stdout)
        if diff(os.path.join(WORK, "u"), os.path.join(WORK, "parent")) != \
                diff(os.path.join(tmp, f), os.path.join(WORK, "commit")):
            return "elsewhere"
    return "as upstream"


def run(patchbay):
    src = old_src()
    names = deb.series_names(src)
    up = os.path.join(WORK, "up")
    report, seconds, fuzz, check_rc, rebase_rc = deb.patchbay_report(patchbay, WORK, src)
    start = time.monotonic()
    git = deb.git_run(WORK, src)
    git_seconds = time.monotonic() - start
    picked = git_commits(up)
    write_rc, check_after, quilt_after = deb.write_check(patchbay, WORK, src)
    mine_commits = written_commits(up)
    by_name = {p["name"]: p for p in report["patches"]}
    rows = []
    for number, (name, (commit, cls, answer, why)) in enumerate(zip(names, SERIES), 1):
        p = by_name.get(name, {})
        outcome = p.get("outcome", "?")
        pb = ("carried" if outcome in deb.PB_CARRIED else
              "upstream" if outcome == "already upstream" else outcome)
        same = files = origin = ""
        written = os.path.join(WORK, "s-write", "patches", name)
        if pb == "carried" and git.get(name) == "carried" and name in mine_commits:
            mine = changed_lines(open(written, errors="replace").read())
            theirs = changed_lines(sh(f"git show --format= {picked[name]}", cwd=up).stdout)
            same = "same" if mine == theirs else "DIFFER"
            files = ("same" if same_files(up, set(mine) | set(theirs), mine_commits[name],
                                          picked[name]) else "DIFFER")
        if cls == "after-U" and pb == "carried" and os.path.exists(written):
            origin = as_upstream(up, name, commit)
        rows.append({"n": number, "patch": name, "commit": commit[:10], "class": cls,
                     "answer": answer, "why": why, "patchbay_outcome": outcome,
                     "patchbay": pb, "git": git.get(name, "?"), "lines": same,
                     "files": files, "placed": origin, "reason": p.get("reason", ""),
                     "report": p})
    result = {"patchbay_seconds": round(seconds, 2), "git_seconds": round(git_seconds, 2),
              "fuzz": fuzz, "check_old": check_rc, "rebase_status": rebase_rc,
              "write": write_rc, "check_after_write": check_after,
              "quilt_after_write": quilt_after, "rows": rows}
    with open(os.path.join(WORK, "result.json"), "w") as f:
        json.dump(result, f, indent=1)
    table(result)


def table(result):
    rows = result["rows"]
    print("| # | patch | commit | class | answer at U | patchbay | git cherry-pick | "
          "+/- lines, files after it, where both carry | patchbay's carry vs upstream's commit |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['n']} | {r['patch']} | {r['commit']} | {r['class']} | {r['answer']} | "
              f"{r['patchbay_outcome']} | {r['git']} | "
              f"{r['lines'] + ', ' + r['files'] if r['lines'] else '—'} | {r['placed'] or '—'} |")
    print()
    for tool in ("patchbay", "git"):
        kept = [r for r in rows if r["answer"] == "kept"]
        up = [r for r in rows if r["answer"] == "upstream"]
        carried = sum(r[tool] == "carried" for r in rows)
        print(f"{tool}: carried {carried} of {len(rows)} "
              f"(kept patches carried {sum(r[tool] == 'carried' for r in kept)} of {len(kept)}), "
              f"upstream found {sum(r[tool] == 'upstream' for r in up)} of {len(up)}, "
              f"wrong upstream calls {sum(r[tool] == 'upstream' for r in kept)}, "
              f"upstream patches carried {sum(r[tool] == 'carried' for r in up)}, "
              f"left to a person "
              f"{sum(r[tool] in ('conflict', 'does not apply', 'not applying') for r in rows)}")
    both = [r for r in rows if r["lines"]]
    print(f"where both carry: same +/- lines {sum(r['lines'] == 'same' for r in both)} of "
          f"{len(both)}, same files after the patch {sum(r['files'] == 'same' for r in both)} "
          f"of {len(both)}")
    print(f"patchbay rebase {result['patchbay_seconds']} s, git cherry-pick series "
          f"{result['git_seconds']} s; --write {result['write']}, then check-series "
          f"{result['check_after_write']}, quilt push -a {result['quilt_after_write']} (0 = OK)")


def main():
    if sys.argv[1] == "setup":
        print("\n".join(setup(os.path.abspath(sys.argv[2]))))
    elif sys.argv[1] == "run":
        run(os.path.abspath(sys.argv[2]))
    elif sys.argv[1] == "table":
        table(json.load(open(os.path.join(WORK, "result.json"))))


if __name__ == "__main__":
    main()
