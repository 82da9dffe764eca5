#!/usr/bin/env bash
# The Debian package (cmake/Install.cmake): cpack builds it from this build tree into a temporary
# folder; dpkg-deb shows that it holds the binary, the man page, the --help text, the rule pages
# and the examples, and that its Depends names the Debian packages of the libraries the binary
# links (checked against what ldd finds, not against a list written here).
set -euo pipefail
build=${PATCHBAY_BUILD_DIR:?}
for tool in cpack dpkg-deb dpkg-shlibdeps ldd readelf; do
    if ! command -v "$tool" >/dev/null; then
        echo "SKIP: $tool is not installed (Debian: cmake, dpkg-dev, libc-bin, binutils)"
        exit 77
    fi
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cmake --build "$build" --target patchbay_help_text patchbay_man_page >/dev/null
(cd "$scratch" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out") \
    >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; fail "cpack failed"; }
debs=("$scratch"/out/patchbay_*.deb)
[ -f "${debs[0]}" ] || fail "no patchbay_*.deb in $(ls "$scratch/out")"
deb=${debs[0]}
echo "built $(basename "$deb")"

contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/patchbay ./usr/bin/patchbay-regenerate-check \
    ./usr/share/man/man1/patchbay.1 ./usr/share/doc/patchbay/README.md \
    ./usr/share/doc/patchbay/patchbay-help.txt \
    ./usr/share/doc/patchbay/rules/int32-index-stride.md \
    ./usr/share/doc/patchbay/rules/unregistered-env-read.md \
    ./usr/share/doc/patchbay/examples/.pre-commit-hooks.yaml \
    ./usr/share/doc/patchbay/examples/patchbay.yml; do
    grep -q " $path\$" <<<"$contents" || fail "$path is not in the package"
done
# No test executable, nothing under /usr/local.
if grep -qE '_tests$|/usr/local/' <<<"$contents"; then fail "unexpected files: $contents"; fi

info=$(dpkg-deb -I "$deb")
echo "$info" | grep -E '^ (Package|Version|Architecture|Depends):'
depends=$(sed -n 's/^ Depends: //p' <<<"$info")
[ -n "$depends" ] || fail "no Depends field"
depended=$(sed 's/ ([^)]*)//g; s/ | /\n/g; s/, /\n/g' <<<"$depends")  # one package name a line

# Every shared library the installed binary links (its NEEDED entries; their own dependencies
# are their packages' business) comes from a package that Depends names.
dpkg-deb -x "$deb" "$scratch/root"
binary="$scratch/root/usr/bin/patchbay"
needed=$(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
[ -n "$needed" ] || fail "readelf finds no NEEDED entry"
for soname in $needed; do
    lib=$(ldd "$binary" | awk -v name="$soname" '$1 == name { print $3 }')
    [ -n "$lib" ] || fail "ldd does not resolve $soname"
    package=$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -1 | cut -d: -f1 || true)
    [ -n "$package" ] || package=$(dpkg -S "$lib" 2>/dev/null | head -1 | cut -d: -f1 || true)
    [ -n "$package" ] || fail "$lib belongs to no Debian package"
    grep -qxF "$package" <<<"$depended" || fail "Depends lacks $package (for $soname): $depends"
    echo "links $soname: $package"
done
for package in libgit2-1.5 libssl3 libfmt9; do
    grep -qxF "$package" <<<"$depended" || fail "Depends lacks $package: $depends"
done

# The packaged man page names every command the packaged binary has.
commands=$("$scratch/root/usr/bin/patchbay" --help | sed -n '/^Subcommands:/,$p' |
    awk '/^  [a-z]/ { print $1 }')
[ -n "$commands" ] || fail "patchbay --help lists no command"
for command in $commands; do
    grep -q "^\.B $command\$" "$scratch/root/usr/share/man/man1/patchbay.1" ||
        fail "the man page lacks $command"
    grep -q "patchbay $command" "$scratch/root/usr/share/doc/patchbay/patchbay-help.txt" ||
        fail "patchbay-help.txt lacks $command"
done
echo "OK: $(wc -l <<<"$contents") entries; Depends: $depends"
