"""Small helpers shared by the scheduler and the attention ops."""

import functools

import torch

STR_DTYPE_TO_TORCH_DTYPE = {
    "half": torch.half,
    "bfloat16": torch.bfloat16,
    "float": torch.float,
    "fp8": torch.uint8,
}


def cdiv(a: int, b: int) -> int:
    """Ceiling division."""
    return -(a // -b)


def next_power_of_2(n: int) -> int:
    """The smallest power of 2 that is >= n (1 for n <= 1)."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def round_up(x: int, multiple: int) -> int:
    return cdiv(x, multiple) * multiple


def get_dtype_size(dtype: torch.dtype) -> int:
    """Size in bytes of one element of ``dtype``."""
    return torch.tensor([], dtype=dtype).element_size()


@functools.cache
def dflash2_supported() -> bool:
    """DFlash2 decode needs sm_90 or newer and a CUDA build."""
    if not torch.cuda.is_available() or torch.version.cuda is None:
        return False
    major, _ = torch.cuda.get_device_capability()
    return major >= 9


def kv_cache_bytes(num_blocks: int, block_size: int, kv_heads: int,
                   head_dim: int, dtype: torch.dtype) -> int:
    """Bytes taken by the K and the V pools together."""
    per_block = block_size * kv_heads * head_dim * get_dtype_size(dtype)
    return 2 * num_blocks * per_block
