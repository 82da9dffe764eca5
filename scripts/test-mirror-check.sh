#!/usr/bin/env bash
# Tests mirror the source (issue #26): every product .cpp file has its test at
# tests/<same path>_test.cpp, or a file under tests/ names it, by its repository-relative path, in
# its first comment block ("// Also tests series/series_delta.cpp (through the binary)."), where a
# unit is tested through another one. Fails, listing the files, when a product file has neither.
# Product files: every .cpp but tests/, bench/, examples/, kernels/bundled/ and the two mains
# (tool/main.cpp, tool/man_page_main.cpp). Registered with CTest as Layout.TestsMirrorTheSource.
set -euo pipefail
cd "$(dirname "$0")/.."

# Tracked files and new ones not yet added (but not ignored ones), or every file outside a
# checkout (a source tarball).
list_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files --cached --others --exclude-standard -- "$@"
    else
        local patterns=()
        for pattern in "$@"; do patterns+=(-o -path "./$pattern"); done
        find . \( -path './build*' -o -path './.*' \) -prune -o -type f \
            \( "${patterns[@]:1}" \) -print | sed 's|^\./||'
    fi
}

mapfile -t products < <(list_files '*.cpp' |
    grep -v -e '^tests/' -e '^bench/' -e '^examples/' -e '^kernels/bundled/' \
        -e '^tool/main\.cpp$' -e '^tool/man_page_main\.cpp$' | sort -u)

# The first comment block of every file under tests/: the `//` lines (C++) or `#` lines (Python,
# shell; a shebang line skipped) at the top of the file, blank lines before it allowed.
first_comments() {
    local file
    while IFS= read -r file; do
        [ -f "$file" ] || continue
        case "$file" in
            *.py | *.sh) marker='#' ;;
            *) marker='//' ;;
        esac
        awk -v marker="$marker" '
            NR == 1 && /^#!/ { next }
            !started && /^[ \t]*$/ { next }
            index($0, marker) == 1 { started = 1; print; next }
            { exit }
        ' "$file"
    done < <(list_files 'tests/*')
}

# The paths the comments name: whole words, so that "tests/tool/cli.cpp" does not name tool/cli.cpp.
named=$(first_comments | grep -oE '[A-Za-z0-9_./-]+\.cpp' | sort -u || true)

missing=()
mirrored=0
by_comment=0
for file in "${products[@]}"; do
    [ -f "$file" ] || continue  # deleted, not yet staged
    if [ -f "tests/${file%.cpp}_test.cpp" ]; then
        mirrored=$((mirrored + 1))
    elif grep -qxF -- "$file" <<<"$named"; then
        by_comment=$((by_comment + 1))
    else
        missing+=("$file")
    fi
done

if [ "${#missing[@]}" -ne 0 ]; then
    echo "test-mirror-check: ${#missing[@]} product file(s) with neither tests/<path>_test.cpp" \
        "nor a test that names them in its first comment:" >&2
    printf '  %s\n' "${missing[@]}" >&2
    echo "test-mirror-check: add the test, or, where another test exercises the file, say so in" \
        "that test's first comment: // Also tests <path> (through ...)." >&2
    exit 1
fi
echo "test-mirror-check: $((mirrored + by_comment)) product files: $mirrored with their mirror" \
    "test, $by_comment named by the first comment of a test"
