#!/usr/bin/env bash
# patchbay rebase against git rebase and git am -3 on a real project with history (issue #16).
#
#   bash bench/rebase_bench.sh PATCHBAY UPSTREAM_REPO OLD_TAG BRANCH NEW_TAG
#   e.g. bash bench/rebase_bench.sh build/patchbay ~/src/pytest 8.3.0 8.3.x 8.4.0
#
# The series is what a team on OLD_TAG carries: the fixes of the maintenance BRANCH after
# OLD_TAG, exported by `git format-patch --no-merges OLD_TAG..BRANCH -- src/` (only src/, so
# release notes and CI files stay out). Each tool then carries it to NEW_TAG without a person:
#   patchbay  `rebase --onto NEW_TAG --write`: carried = applies, offset, fuzz, merged, partly
#             upstream; already upstream; conflict; its duplicates are counted apart
#   git rebase the series as commits on OLD_TAG, `git rebase --onto NEW_TAG`; each stop is a
#             conflict (skipped with --skip); commits it drops are already upstream
#   git am -3 on NEW_TAG; "already applied" is already upstream, each other stop a conflict
# With QUILT=1 the patches lose their index lines, as quilt and diff -u write them: git am -3
# then has no blobs to fall back on, while patchbay still merges against the old upstream.
# Each patchbay conflict is then resolved as git rebase --skip resolves it (the worktree keeps
# its HEAD) and the rebase continued (`--continue --worktree W`, `--write` at the end), and
# each stop's conflict files are compared with git rebase's own at the same stop (diff3 style,
# the markers' labels aside): the same three-way merge must give the same markers.
# Then the trees: patchbay's written series applied to NEW_TAG (apply --worktree) against git
# rebase's result, src/ only, when both carried the same patches.
set -euo pipefail

PATCHBAY="$(realpath "$1")"
REPO="$(realpath "$2")"
OLD="$3"
BRANCH="$4"
NEW="$5"
WORK="${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench}/rebase-$(basename "$REPO")-$OLD-$NEW"

rm -rf "$WORK" && mkdir -p "$WORK"
git clone -q "$REPO" "$WORK/up"
git -C "$WORK/up" checkout -q "$OLD"
git -C "$WORK/up" config user.name bench && git -C "$WORK/up" config user.email bench@localhost
git -C "$WORK/up" branch -q -f carried "origin/$BRANCH" 2>/dev/null ||
    git -C "$WORK/up" branch -q -f carried "$BRANCH"

# The series, and patchbay's project around it.
mkdir -p "$WORK/s/patches"
git -C "$WORK/up" format-patch -q --no-merges -o "$WORK/s/patches" "$OLD..carried" -- src/
(cd "$WORK/s/patches" && ls ./*.patch | sed 's|^\./||' > series)
if [ "${QUILT:-0}" = 1 ]; then sed -i '/^index [0-9a-f]*\.\.[0-9a-f]*/d' "$WORK"/s/patches/*.patch; fi
printf '[upstream]\npath = "../up"\nrev = "%s"\n' "$OLD" > "$WORK/s/patchbay.toml"
TOTAL=$(wc -l < "$WORK/s/patches/series")
(cd "$WORK/s" && "$PATCHBAY" check-series > "$WORK/check-old.txt") ||
    { echo "the series does not apply to $OLD:"; tail -5 "$WORK/check-old.txt"; exit 1; }

# patchbay
cp -a "$WORK/s" "$WORK/s-orig"
(cd "$WORK/s" && { time "$PATCHBAY" rebase --onto "$NEW"; } > "$WORK/patchbay.txt" 2> "$WORK/patchbay.time" || true)
(cd "$WORK/s" && { time "$PATCHBAY" rebase --onto "$NEW" --worktree "$WORK/W"; } > "$WORK/patchbay-last.txt" 2> "$WORK/patchbay-worktree.time" || true)
count() { grep -cE "^  [^ ].*  $1" "$WORK/patchbay.txt" || true; }
PB_CARRIED=$(grep -cE '^  \S+ +(applies|merged|partly upstream)' "$WORK/patchbay.txt" || true)
PB_UPSTREAM=$(count 'already upstream')
PB_CONFLICT=$(count 'conflict')
PB_DUPLICATES=$(grep -c 'duplicates upstream:' "$WORK/patchbay.txt" || true)

# git rebase: the series as commits on OLD, then onto NEW, skipping each stop.
git -C "$WORK/up" checkout -q -f -B topic "$OLD"
git -C "$WORK/up" am -q "$WORK"/s-orig/patches/*.patch
git -C "$WORK/up" tag -f topic-start >/dev/null
git -C "$WORK/up" config merge.conflictStyle diff3
# A stop's conflict files, their markers' labels cut: $1 the repository, $2 where they go.
save_conflicts() {
    mkdir -p "$2"
    for f in $(git -C "$1" diff --name-only --diff-filter=U; git -C "$1" diff --name-only); do
        if grep -q '^<<<<<<<' "$1/$f" 2>/dev/null; then
            mkdir -p "$2/$(dirname "$f")"
            sed -E 's/^(<<<<<<<|\|\|\|\|\|\|\||>>>>>>>) .*/\1/' "$1/$f" > "$2/$f"
        fi
    done
}
GIT_STOPS=0
if ! git -C "$WORK/up" rebase -q --onto "$NEW" "$OLD" topic > "$WORK/git-rebase.txt" 2>&1; then
    while [ -d "$WORK/up/.git/rebase-merge" ]; do
        GIT_STOPS=$((GIT_STOPS + 1))
        save_conflicts "$WORK/up" "$WORK/conflicts-git/$GIT_STOPS"
        git -C "$WORK/up" rebase --skip >> "$WORK/git-rebase.txt" 2>&1 || true
    done
fi

# patchbay: each stop resolved as git rebase --skip resolves it, then continued.
PB_STOPS=0
MF_FILES=0
MF_SAME=0
# Each conflict file of the stop against git merge-file --diff3 on the same three files: ours
# the worktree's commit the conflict was merged onto, base and theirs the patch's commit on
# OLD (topic-start holds one commit per patch, in series order) and its parent.
merge_file_oracle() {
    local pending name base n commit f
    pending=$(awk -F'\t' '$1 == "pending" {print $2 " " $3}' "$WORK/W/.git/patchbay-rebase")
    name=${pending%% *} base=${pending##* }
    n=$((10#${name%%-*}))
    commit=$(git -C "$WORK/up" rev-list --reverse "$OLD..topic-start" | sed -n "${n}p")
    for f in $(cd "$WORK/conflicts-pb/$PB_STOPS" && find . -type f | sed 's|^\./||'); do
        MF_FILES=$((MF_FILES + 1))
        git -C "$WORK/W" show "$base:$f" > "$WORK/mf-ours"
        git -C "$WORK/up" show "$commit^:$f" > "$WORK/mf-base"
        git -C "$WORK/up" show "$commit:$f" > "$WORK/mf-theirs"
        { git merge-file -p --diff3 "$WORK/mf-ours" "$WORK/mf-base" "$WORK/mf-theirs" || true; } |
            sed -E 's/^(<<<<<<<|\|\|\|\|\|\|\||>>>>>>>) .*/\1/' > "$WORK/mf-merged"
        if cmp -s "$WORK/mf-merged" "$WORK/conflicts-pb/$PB_STOPS/$f"; then MF_SAME=$((MF_SAME + 1)); fi
    done
}
while grep -q 'stopped the rebase' "$WORK/patchbay-last.txt"; do
    PB_STOPS=$((PB_STOPS + 1))
    save_conflicts "$WORK/W" "$WORK/conflicts-pb/$PB_STOPS"
    merge_file_oracle
    git -C "$WORK/W" checkout -q -- . && git -C "$WORK/W" clean -fdq
    (cd "$WORK/s" && "$PATCHBAY" rebase --onto "$NEW" --continue --worktree "$WORK/W" > "$WORK/patchbay-last.txt" || true)
done
(cd "$WORK/s" && "$PATCHBAY" rebase --onto "$NEW" --continue --worktree "$WORK/W" --write > "$WORK/patchbay-written.txt" || true)
SAME_STOPS=0
for k in $(seq 1 "$PB_STOPS"); do
    if [ -d "$WORK/conflicts-git/$k" ] && diff -r -q "$WORK/conflicts-pb/$k" "$WORK/conflicts-git/$k" > /dev/null; then
        SAME_STOPS=$((SAME_STOPS + 1))
    fi
done
GIT_PICKED=$(git -C "$WORK/up" rev-list --count "$NEW..topic")
GIT_DROPPED=$((TOTAL - GIT_PICKED - GIT_STOPS))

# git am -3 on NEW, skipping each stop.
git -C "$WORK/up" checkout -q -f -B am "$NEW"
# A patch already applied makes no commit ("No changes -- Patch already applied").
AM_CONFLICT=0
for p in $(cat "$WORK/s-orig/patches/series"); do
    if ! git -C "$WORK/up" am -q -3 "$WORK/s-orig/patches/$p" > "$WORK/am.out" 2>&1; then
        AM_CONFLICT=$((AM_CONFLICT + 1))
        git -C "$WORK/up" am --skip > /dev/null 2>&1 || git -C "$WORK/up" am --abort || true
    fi
done
AM_APPLIED=$(git -C "$WORK/up" rev-list --count "$NEW..am")
AM_UPSTREAM=$((TOTAL - AM_APPLIED - AM_CONFLICT))

# Trees: patchbay's written series (without the patches it did not carry) on NEW against git
# rebase's result.
sed -n 's/^  \(\S*\) \+\(already upstream\|conflict\).*/\1/p' "$WORK/patchbay-written.txt" > "$WORK/dropped.txt"
grep -vxFf "$WORK/dropped.txt" "$WORK/s/patches/series" > "$WORK/series.carried" || true
cp "$WORK/series.carried" "$WORK/s/patches/series"
(cd "$WORK/s" && "$PATCHBAY" apply --worktree "$WORK/pb-tree" > /dev/null 2>&1 || true)
git -C "$WORK/up" checkout -q -f topic
SAME="n/a (different sets carried)"
if [ "$PB_CARRIED" = "$GIT_PICKED" ]; then
    if diff -r -q "$WORK/pb-tree/src" "$WORK/up/src" > "$WORK/tree-diff.txt"; then
        SAME="identical"
    else
        SAME="differ in $(wc -l < "$WORK/tree-diff.txt") files"
    fi
fi

echo "series: $TOTAL patches ($OLD..$BRANCH, src/), onto $NEW"
echo "patchbay rebase:  carried $PB_CARRIED, already upstream $PB_UPSTREAM, conflict $PB_CONFLICT (duplicates flagged: $PB_DUPLICATES); $(grep real "$WORK/patchbay.time" | awk '{print $2}')"
echo "git rebase:       carried $GIT_PICKED, dropped as upstream $GIT_DROPPED, stopped $GIT_STOPS"
echo "git am -3:        carried $AM_APPLIED, already applied $AM_UPSTREAM, stopped $AM_CONFLICT"
echo "patchbay stops (--worktree $(grep real "$WORK/patchbay-worktree.time" | awk '{print $2}'), each resolved as --skip, --continue): $PB_STOPS; conflict files as git rebase's (labels aside): $SAME_STOPS of $PB_STOPS stops, as git merge-file --diff3's: $MF_SAME of $MF_FILES files; $(tail -1 "$WORK/patchbay-written.txt")"
echo "src/ trees (patchbay's written series vs git rebase): $SAME"
echo "details: $WORK/patchbay.txt"
