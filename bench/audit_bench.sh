#!/usr/bin/env bash
# Benchmark (not a test) for issue #3 "Speed": `patchbay audit-kernels --tree` against
# `grep -rE` with a comparable pattern over the same files, in one hyperfine run (warm-up, then
# RUNS timed runs each, medians), on one core and on all cores.
#
# usage: bench/audit_bench.sh
#   PATCHBAY=path/to/patchbay   (default: build/patchbay of this checkout)
#   PATCHBAY_BENCH_CACHE=DIR    (default: $HOME/.cache/patchbay-bench/audit; the tree lives here)
#   FILES=25000 RUNS=5          (tree size in files; timed runs per command)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
patchbay=${PATCHBAY:-$repo/build/patchbay}
cache=${PATCHBAY_BENCH_CACHE:-$HOME/.cache/patchbay-bench/audit}
files=${FILES:-25000}
runs=${RUNS:-5}
tree=$cache/tree
config=$cache/patchbay.toml

# ---- the tree, regenerated only when the generator or its inputs change -------------------
inputs_hash() {
    (cd "$repo" && cat bench/gen_audit_tree.py \
        $(find tests/fixtures/checks/int32-index-stride examples/demo/upstream -type f | sort)) |
        sha256sum | cut -c1-16
}
want="files=$files seed=3 inputs=$(inputs_hash)"
if [[ "$(cat "$cache/tree.stamp" 2>/dev/null)" != "$want" ]]; then
    echo "generating $tree ($files files) ..." >&2
    rm -rf "$tree" "$cache/tree.stamp"
    mkdir -p "$cache"
    python3 "$repo/bench/gen_audit_tree.py" "$repo" "$tree" --files "$files" --seed 3
    echo "$want" >"$cache/tree.stamp"
fi
cat >"$config" <<'EOF'
# patchbay.toml of the audit benchmark tree (bench/audit_bench.sh)
[audit]
geometry = { block_size = 880, kv_heads = 4, head_dim = 256, dtype_bytes = 2 }

[audit.env]
registry = "vllm/envs.py"
table = "environment_variables"
prefix = "VLLM_"
EOF

bytes=$(find "$tree" -type f \( -name '*.py' -o -name '*.cu' -o -name '*.cuh' \) -print0 |
    du -cb --files0-from=- | tail -1 | cut -f1)
count=$(find "$tree" -type f \( -name '*.py' -o -name '*.cu' -o -name '*.cuh' \) | wc -l)
echo "tree: $tree: $count files, $bytes bytes" >&2

# ---- the commands -------------------------------------------------------------------------
pattern='(block_table|req_to_token|page_table|slot_mapping)[a-zA-Z_]*|os\.(environ|getenv)|getenv\('
grep_cmd="LC_ALL=C grep -rE '$pattern' --include='*.py' --include='*.cu' --include='*.cuh' $tree"
audit_cmd="$patchbay audit-kernels --config $config --tree $tree"

# (exit status 1: the tree has findings, by design)
{ "$patchbay" audit-kernels --config "$config" --tree "$tree" --format json || true; } |
    python3 -c 'import json,sys; print("patchbay summary:", json.load(sys.stdin)["summary"])' >&2
# `--output=pipe`: grep writing to /dev/null stops at each file's first match (it detects the
# null device), which would not be the same work.
hyperfine --warmup 1 --runs "$runs" --output=pipe --ignore-failure --style basic \
    --export-json "$cache/hyperfine.json" \
    -n "grep -rE (1 core)" "taskset -c 0 sh -c \"$grep_cmd\"" \
    -n "patchbay audit-kernels (1 core)" "taskset -c 0 $audit_cmd" \
    -n "patchbay audit-kernels (all $(nproc) cores)" "$audit_cmd" >&2

# ---- the table ----------------------------------------------------------------------------
python3 - "$cache/hyperfine.json" "$bytes" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
mb = int(sys.argv[2]) / 1e6
grep = results[0]
grep_cpu = grep["user"] + grep["system"]
print(f"{mb:.1f} MB; {len(grep['times'])} timed runs per command after 1 warm-up\n")
print("| tool | median (s) | min-max (s) | MB/s | vs grep (1 core) | CPU s (user+sys, mean) "
      "| MB per CPU s | vs grep, CPU |")
print("|---|---|---|---|---|---|---|---|")
for r in results:
    cpu = r["user"] + r["system"]
    print(f"| {r['command']} | {r['median']:.3f} | {r['min']:.3f}-{r['max']:.3f} "
          f"| {mb / r['median']:.0f} | {grep['median'] / r['median']:.2f} "
          f"| {cpu:.3f} | {mb / cpu:.0f} | {grep_cpu / cpu:.2f} |")
EOF
