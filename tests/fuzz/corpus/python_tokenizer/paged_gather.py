"""Gather one request's K blocks out of the paged KV cache (Triton)."""

import torch
import triton
import triton.language as tl

from vllm.utils import next_power_of_2


@triton.jit
def _paged_gather_kernel(
    out_ptr,
    k_cache_ptr,
    block_table_ptr,
    stride_kb: tl.int64,
    stride_kh,
    stride_ot,
    stride_oh,
    block_size,
    BLOCK_SIZE: tl.constexpr,
    HEAD_DIM: tl.constexpr,
):
    # One program per (logical block of the request, kv head).
    lb = tl.program_id(0)
    head = tl.program_id(1)
    blk = tl.load(block_table_ptr + lb)
    # Widen first: blk * stride_kb passes 2**31 elements on large pools.
    blk = blk.to(tl.int64)
    tok = tl.arange(0, BLOCK_SIZE)
    dim = tl.arange(0, HEAD_DIM)
    mask = tok[:, None] < block_size
    src = (k_cache_ptr + blk * stride_kb + head * stride_kh +
           tok[:, None] * HEAD_DIM + dim[None, :])
    vals = tl.load(src, mask=mask)
    dst = (out_ptr + (lb * block_size + tok[:, None]) * stride_ot +
           head * stride_oh + dim[None, :])
    tl.store(dst, vals, mask=mask)


def paged_gather(k_cache: torch.Tensor,
                 block_table: torch.Tensor) -> torch.Tensor:
    """Return the request's keys as [tokens, kv_heads, head_dim].

    ``k_cache`` is [num_pool_blocks, kv_heads, block_size, head_dim] and
    contiguous; ``block_table`` holds the request's int32 block ids in order.
    """
    _, kv_heads, block_size, head_dim = k_cache.shape
    num_blocks = block_table.numel()
    out = torch.empty((num_blocks * block_size, kv_heads, head_dim),
                      dtype=k_cache.dtype,
                      device=k_cache.device)
    _paged_gather_kernel[(num_blocks, kv_heads)](
        out,
        k_cache,
        block_table,
        k_cache.stride(0),
        k_cache.stride(1),
        out.stride(0),
        out.stride(1),
        block_size,
        BLOCK_SIZE=next_power_of_2(block_size),
        HEAD_DIM=head_dim,
    )
    return out
