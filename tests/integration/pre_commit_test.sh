#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, run by Debian's pre-commit on a git repository
# holding a copy of examples/demo, offline: the hooks repository is a local git repository (a
# commit of this checkout's hook file), the hooks are `language: system` (the patchbay just built
# is first on PATH), every proxy variable points at a closed port, and where user namespaces
# allow it the commits run in a network namespace with no interface at all (unshare -rn).
# A good commit passes; a stale patch, a rejected hunk and a new finding each fail theirs.
set -euo pipefail
src=${PATCHBAY_SOURCE_DIR:?}
binary=${PATCHBAY_BINARY:?}
for tool in pre-commit git; do
    if ! command -v "$tool" >/dev/null; then
        echo "SKIP: $tool is not installed (Debian: pre-commit, git)"
        exit 77
    fi
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$scratch/bin" "$scratch/home"
ln -s "$binary" "$scratch/bin/patchbay"
ln -s "$src/scripts/patchbay-regenerate-check" "$scratch/bin/patchbay-regenerate-check"
export PATH="$scratch/bin:$PATH" HOME="$scratch/home" PRE_COMMIT_HOME="$scratch/pre-commit-cache"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@localhost
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@localhost
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9
export HTTP_PROXY=$http_proxy HTTPS_PROXY=$https_proxy ALL_PROXY=$http_proxy no_proxy=""
export PRE_COMMIT_COLOR=never
offline=()
if unshare -rn true 2>/dev/null; then
    offline=(unshare -rn)
    echo "offline: the commits run in an empty network namespace (unshare -rn)"
else
    echo "offline: proxies only (unshare -rn is not allowed here)"
fi

hooks="$scratch/hooks"
git init -q "$hooks"
cp "$src/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" commit -qm "patchbay hooks"
rev=$(git -C "$hooks" rev-parse HEAD)

repo="$scratch/series"
mkdir "$repo"
cp -r "$src/examples/demo/." "$repo/"
rm -rf "$repo/.patchbay-cache"
cd "$repo"
cat >.pre-commit-config.yaml <<CONFIG
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: patchbay-check-series
      - id: patchbay-regenerate-check
      - id: patchbay-audit-kernels
CONFIG
git init -q -b main
git add -A
git commit -qm "the demo series"
pre-commit install >/dev/null

patch=patches/0006-widen-block-ids.patch
# Commits an edit of $patch made by the sed expression $2 (and of patchbay.toml by $4, if given);
# $1: expected exit status (0/nonzero).
attempt() {
    local expect=$1 edit=$2 name=$3 config_edit=${4:-}
    git reset -q --hard main
    sed -i "$edit" "$patch"
    git diff --quiet && fail "$name: the edit changed nothing"
    git add "$patch"
    if [ -n "$config_edit" ]; then sed -i "$config_edit" patchbay.toml && git add patchbay.toml; fi
    set +e
    "${offline[@]}" git commit -m "$name" >"$scratch/$name.log" 2>&1
    local status=$?
    set -e
    echo "== $name: git commit exit $status"
    grep -E '^patchbay' "$scratch/$name.log" || true
    if [ "$expect" = pass ] && [ "$status" -ne 0 ]; then cat "$scratch/$name.log"; fail "$name: commit refused"; fi
    if [ "$expect" = fail ] && [ "$status" -eq 0 ]; then cat "$scratch/$name.log"; fail "$name: commit accepted"; fi
    if [ "$status" -eq 0 ]; then git reset -q --hard main; fi
}
expect_hook() {  # name hook-title Passed|Failed
    grep -qE "^$2\\.+$3\$" "$scratch/$1.log" || { cat "$scratch/$1.log"; fail "$1: '$2' not $3"; }
}

# A good commit: the description of the patch changes, its hunks do not.
attempt pass 's/^wrapped address\. Widen/wrapped address; widen/' good
for hook in "patchbay check-series" "patchbay regenerate --check" "patchbay audit-kernels --base HEAD"; do
    expect_hook good "$hook" Passed
done

# A stale patch: a hand-edited context line, so that the hunk applies only with fuzz 1, which
# the policy (raised in the same commit) allows; regenerate would write the lines the tree has.
# (A hand-edited hunk header that only moves the hunk to an offset is not stale: what the patch
# does is the same, issue #28.)
attempt fail 's/^     lb = tl.program_id(0)$/     lb = tl.program_id(9)/' stale 's/^fuzz = 0/fuzz = 1/'

expect_hook stale "patchbay check-series" Passed
expect_hook stale "patchbay regenerate --check" Failed
grep -q "0006-widen-block-ids.patch: stale" "$scratch/stale.log" || fail "stale: no refresh hint"

# A rejected hunk: a context line that upstream does not have.
attempt fail 's/^   const int head = blockIdx.y;/   const int head = blockIdx.z;/' rejected
expect_hook rejected "patchbay check-series" Failed
grep -q "rejected" "$scratch/rejected.log" || fail "rejected: the report does not say rejected"
grep -q "0006-widen-block-ids.patch: the series does not apply up to it" "$scratch/rejected.log" ||
    fail "rejected: regenerate-check does not say why it failed"

# A new finding: the Triton gather loses its widening.
attempt fail 's/^+    blk = tl.load(block_table_ptr + lb).to(tl.int64)$/+    blk = tl.load(block_table_ptr + lb)/' finding
expect_hook finding "patchbay check-series" Passed
expect_hook finding "patchbay audit-kernels --base HEAD" Failed
grep -q "int32-index-stride" "$scratch/finding.log" || fail "finding: the rule is not named"

# A patch that patchbay.toml skips has no tree to be regenerated from: passed over, not failed.
patch=patches/dflash2-backport.patch
attempt pass '1s/$/ (retired)/' skipped-patch
expect_hook skipped-patch "patchbay regenerate --check" Passed
patch=patches/0006-widen-block-ids.patch

# A commit that touches no patch runs none of the hooks.
git reset -q --hard main
echo "notes" >NOTES.md
git add NOTES.md
"${offline[@]}" git commit -m notes >"$scratch/notes.log" 2>&1 || { cat "$scratch/notes.log"; fail "notes: commit refused"; }
expect_hook notes "patchbay check-series" "\\(no files to check\\)Skipped"
echo "OK: pre-commit $(pre-commit --version | cut -d' ' -f2) ran the hooks offline"
