#!/usr/bin/env python3
"""Generates the audit benchmark tree: a vLLM-like source tree of plain Python modules, plain
CUDA sources and Triton kernels, with a minority of files varied from the repository's index
kernels (examples/demo/upstream, tests/fixtures/checks) and a few env reads, plus a registry.

Deterministic for a given --seed and --files: the same bytes every time, so timings from two
runs (or two machines) look at the same tree.

usage: gen_audit_tree.py REPO_ROOT OUT_DIR [--files N] [--seed S]
"""

import argparse
import os
import random
import re
from pathlib import Path

WORDS = ("request block token cache layer head batch shard queue worker config model "
         "sampler logits prompt output input weight bias scale group rank stage buffer "
         "tensor stream event metric budget prefix chunk window slot seq kv attn rope "
         "expert router gate proj norm state step epoch ticket handle result status").split()
TYPES = ("int", "float", "str", "bool", "list[int]", "dict[str, int]", "Optional[str]",
         "torch.Tensor", "Sequence[int]", "tuple[int, int]")


def ident(rng, parts=2):
    return "_".join(rng.choice(WORDS) for _ in range(parts))


def camel(rng):
    return "".join(rng.choice(WORDS).capitalize() for _ in range(2))


# ---- ordinary Python -------------------------------------------------------------------

def py_function(rng, indent=""):
    name = ident(rng)
    params = [ident(rng, 1) + f"_{i}" for i in range(rng.randint(1, 4))]
    sig = ", ".join(f"{p}: {rng.choice(TYPES)}" for p in params)
    lines = [f"{indent}def {name}({sig}) -> {rng.choice(TYPES)}:",
             f'{indent}    """{rng.choice(WORDS).capitalize()} the {rng.choice(WORDS)} of each '
             f'{rng.choice(WORDS)}.',
             "",
             f"{indent}    Returns the {rng.choice(WORDS)} {rng.choice(WORDS)} unchanged when "
             f"the {rng.choice(WORDS)} is empty.",
             f'{indent}    """']
    local = ident(rng, 1)
    lines.append(f"{indent}    {local} = {{}}")
    for _ in range(rng.randint(3, 9)):
        kind = rng.random()
        a, b = rng.choice(params), ident(rng, 1)
        if kind < 0.25:
            lines += [f"{indent}    for {b} in range(len({a})):",
                      f"{indent}        {local}[{b}] = {b} * {rng.randint(2, 64)} + "
                      f"{rng.randint(0, 9)}"]
        elif kind < 0.45:
            lines += [f"{indent}    if {a} is None or not {a}:",
                      f"{indent}        raise ValueError(f\"{rng.choice(WORDS)} {{{a}!r}} is "
                      f"not a valid {rng.choice(WORDS)}\")"]
        elif kind < 0.6:
            lines.append(f"{indent}    # {rng.choice(WORDS)} before {rng.choice(WORDS)}: the "
                         f"{rng.choice(WORDS)} must stay {rng.choice(WORDS)}-aligned.")
            lines.append(f"{indent}    {b} = [x for x in {a} if x % {rng.randint(2, 8)} == 0]")
        elif kind < 0.8:
            lines.append(f"{indent}    {b} = {local}.get({rng.randint(0, 99)}, "
                         f"{rng.randint(0, 99)}) // {rng.randint(1, 16)}")
        else:
            lines.append(f"{indent}    logger.debug(\"%s %s\", {a!r}, "
                         f"{rng.choice(params)})")
    lines.append(f"{indent}    return {local}")
    return lines


def py_class(rng):
    name = camel(rng)
    lines = ["@dataclass", f"class {name}:",
             f'    """A {rng.choice(WORDS)} of the {rng.choice(WORDS)} scheduler."""', ""]
    for _ in range(rng.randint(2, 6)):
        lines.append(f"    {ident(rng)}: {rng.choice(TYPES)} = {rng.randint(0, 4096)}")
    for _ in range(rng.randint(1, 3)):
        lines.append("")
        lines += py_function(rng, "    ")
    return lines


def py_header(rng):
    return ['"""' + f"{rng.choice(WORDS).capitalize()} {rng.choice(WORDS)} utilities for the "
            f"{rng.choice(WORDS)} engine." + '"""', "",
            "from __future__ import annotations", "",
            "import logging", "from dataclasses import dataclass",
            "from typing import Optional, Sequence", "",
            "import torch", "",
            "logger = logging.getLogger(__name__)", ""]


def plain_python(rng, target):
    lines = py_header(rng)
    size = 0
    while size < target:
        block = py_class(rng) if rng.random() < 0.3 else py_function(rng)
        lines += ["", ""] + block
        size += sum(len(l) + 1 for l in block)
    return "\n".join(lines) + "\n"


# ---- ordinary CUDA ---------------------------------------------------------------------

def cuda_kernel(rng):
    name = ident(rng) + "_kernel"
    t = rng.choice(["float", "__half", "scalar_t"])
    n = rng.randint(64, 1024)
    return [f"// {rng.choice(WORDS).capitalize()} each {rng.choice(WORDS)} of the "
            f"{rng.choice(WORDS)} in place.",
            "template <typename scalar_t>",
            f"__global__ void {name}({t}* __restrict__ out, const {t}* __restrict__ in,",
            f"                      const float scale, const int n) {{",
            "  const int idx = blockIdx.x * blockDim.x + threadIdx.x;",
            "  if (idx >= n) return;",
            f"  __shared__ float tile[{n}];",
            "  float acc = 0.f;",
            f"  for (int k = threadIdx.x; k < {n}; k += blockDim.x) {{",
            "    acc += static_cast<float>(in[idx]) * scale;",
            f"    tile[k % {n}] = acc;",
            "  }",
            "  __syncthreads();",
            f"  out[idx] = static_cast<{t}>(tile[threadIdx.x % {n}] + acc * {rng.random():.3f}f);",
            "}", ""]


def plain_cuda(rng, target, header):
    lines = ["#pragma once" if header else "#include \"common.cuh\"", "",
             "#include <cstdint>", "#include <cuda_runtime.h>", "",
             f"namespace {rng.choice(WORDS)} {{", ""]
    if header:
        lines += [f"using {ident(rng)}_t = {rng.choice(['int', 'int64_t', 'uint32_t'])};",
                  f"typedef {rng.choice(['int', 'long', 'unsigned'])} {ident(rng)}_type;", ""]
    size = 0
    while size < target:
        block = cuda_kernel(rng)
        lines += block
        size += sum(len(l) + 1 for l in block)
    lines.append("}  // namespace")
    return "\n".join(lines) + "\n"


# ---- ordinary Triton (no index table) ----------------------------------------------------

def plain_triton(rng, target):
    lines = ["import triton", "import triton.language as tl", ""]
    size = 0
    while size < target:
        name = ident(rng)
        block = ["", "@triton.jit",
                 f"def _{name}_kernel(x_ptr, y_ptr, stride_xm, stride_ym, n_cols,",
                 "                 BLOCK: tl.constexpr):",
                 "    row = tl.program_id(0)",
                 "    cols = tl.arange(0, BLOCK)",
                 "    mask = cols < n_cols",
                 "    x = tl.load(x_ptr + row * stride_xm + cols, mask=mask, other=0.0)",
                 f"    x = x - tl.max(x, axis=0) * {rng.random():.3f}",
                 "    y = tl.exp(x) / tl.sum(tl.exp(x), axis=0)",
                 "    tl.store(y_ptr + row * stride_ym + cols, y, mask=mask)", ""]
        lines += block
        size += sum(len(l) + 1 for l in block)
    return "\n".join(lines) + "\n"


# ---- variations of the repository's index kernels -------------------------------------------

def vary(text, rng, n):
    """Renames defined functions and kernels so every copy is a distinct file."""
    text = re.sub(r"\b(def|void) (\w+)\(", lambda m: f"{m.group(1)} {m.group(2)}_v{n}(", text)
    return text.replace("2383", str(2383 + rng.randint(0, 9)))


def env_module(rng, registered, n):
    lines = py_header(rng) + ["import os", ""]
    for i in range(rng.randint(2, 6)):
        r = rng.random()
        if r < 0.5:
            name = rng.choice(registered)  # raw read of a registered knob
        elif r < 0.8:
            name = f"VLLM_UNREGISTERED_{n}_{i}"
        else:
            name = rng.choice(["HOME", "CUDA_VISIBLE_DEVICES", "TMPDIR"])
        call = rng.choice(['os.environ.get("{}")', 'os.getenv("{}", "0")', 'os.environ["{}"]'])
        lines.append(f"{ident(rng)}_{i} = " + call.format(name))
    lines += ["", ""] + py_function(rng)
    return "\n".join(lines) + "\n"


def registry(names):
    lines = ['"""Environment variables read by vLLM."""', "", "import os", "",
             "environment_variables = {"]
    for name in names:
        lines += [f'    "{name}":', f'    lambda: os.getenv("{name}", None),', ""]
    lines.append("}")
    return "\n".join(lines) + "\n"


def sources(repo, pattern):
    return [p.read_text() for p in sorted(repo.glob(pattern)) if p.is_file()]


def generate(repo, out, count, seed):
    rng = random.Random(seed)
    triton_kernels = (sources(repo, "tests/fixtures/checks/int32-index-stride/triton/*.py") +
                      sources(repo, "examples/demo/upstream/vllm/attention/ops/*.py"))
    cuda_kernels = (sources(repo, "tests/fixtures/checks/int32-index-stride/cuda/*.cu") +
                    sources(repo, "examples/demo/upstream/csrc/**/*.cuh"))
    alias_header = (repo / "tests/fixtures/checks/int32-index-stride/cuda/stride_types.cuh")
    registered = [f"VLLM_KNOB_{i}" for i in range(300)]
    (out / "vllm").mkdir(parents=True, exist_ok=True)
    (out / "vllm/envs.py").write_text(registry(registered))
    for n in range(count):
        folder = out / f"vllm/pkg{n // 1000:02d}/mod{(n // 100) % 10}"
        folder.mkdir(parents=True, exist_ok=True)
        if n % 100 == 0:
            (folder / "stride_types.cuh").write_text(alias_header.read_text())
        target = rng.randint(1500, 6000)
        r = rng.random()
        if r < 0.60:
            name, text = f"m{n}.py", plain_python(rng, target)
        elif r < 0.72:
            name, text = f"k{n}.cu", plain_cuda(rng, target, False)
        elif r < 0.78:
            name, text = f"k{n}.cuh", plain_cuda(rng, target, True)
        elif r < 0.86:
            name, text = f"t{n}.py", plain_triton(rng, target)
        elif r < 0.91:
            body = vary(rng.choice(triton_kernels), rng, n)
            name, text = f"idx{n}.py", body + "\n\n" + plain_python(rng, target // 2)
        elif r < 0.95:
            body = vary(rng.choice(cuda_kernels), rng, n)
            name, text = f"idx{n}.cu", body + "\n" + plain_cuda(rng, target // 2, False)
        else:
            name, text = f"env{n}.py", env_module(rng, registered, n)
        (folder / name).write_text(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--files", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    generate(args.repo, args.out, args.files, args.seed)


if __name__ == "__main__":
    main()
