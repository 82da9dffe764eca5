#!/usr/bin/env bash
# Helpers shared by the bench scripts (sourced, not run).

# Names of the active entries of a quilt series file, in order: comments, blank lines and
# per-entry options (`-p1`) dropped.
active_patches() {
    sed -e 's/#.*//' "$1" | awk 'NF { print $1 }'
}

# sha256 manifest of a tree: regular files with their hash, symlinks with their target, executable
# files marked; .git and .pc (quilt's backups) excluded; sorted bytewise so two trees compare with cmp.
tree_manifest() {
    (
        cd "$1"
        find . \( -path ./.git -o -path ./.pc \) -prune -o -type f -print0 |
            LC_ALL=C sort -z | xargs -0 -r sha256sum
        find . \( -path ./.git -o -path ./.pc \) -prune -o -type l -printf 'link %p -> %l\n' |
            LC_ALL=C sort
        find . \( -path ./.git -o -path ./.pc \) -prune -o -type f -perm -u+x -printf 'exec %p\n' |
            LC_ALL=C sort
    )
}
