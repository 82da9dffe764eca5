"""Environment variables read by vLLM.

Every knob has exactly one entry in ``environment_variables``. Code reads a knob
as ``envs.VLLM_FOO``; a VLLM_* variable set in the environment but missing from
the table is reported as unknown at start-up.
"""

import logging
import os
from typing import Any, Callable

logger = logging.getLogger(__name__)

environment_variables: dict[str, Callable[[], Any]] = {
    # Root directory for vLLM cache files.
    "VLLM_CACHE_ROOT":
    lambda: os.path.expanduser(
        os.getenv("VLLM_CACHE_ROOT", os.path.join("~", ".cache", "vllm"))),

    # Logging level of the "vllm" logger.
    "VLLM_LOGGING_LEVEL":
    lambda: os.getenv("VLLM_LOGGING_LEVEL", "INFO").upper(),

    # Attention backend: FLASH_ATTN, TRITON_ATTN or XFORMERS; None picks one.
    "VLLM_ATTENTION_BACKEND":
    lambda: os.getenv("VLLM_ATTENTION_BACKEND", None),

    # Gather KV blocks with the Triton kernel instead of the CUDA one.
    "VLLM_USE_TRITON_GATHER":
    lambda: bool(int(os.getenv("VLLM_USE_TRITON_GATHER", "0"))),

    # Most KV-cache blocks the scheduler may swap out in one step.
    "VLLM_SWAP_SPACE_BLOCKS":
    lambda: int(os.getenv("VLLM_SWAP_SPACE_BLOCKS", "512")),

    # Use the DFlash2 decode path where the GPU supports it.
    "VLLM_USE_DFLASH2":
    lambda: bool(int(os.getenv("VLLM_USE_DFLASH2", "1"))),
}


def __getattr__(name: str) -> Any:
    # Evaluated on every access so tests can change the environment.
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return list(environment_variables.keys())


def warn_unknown(environ: dict[str, str]) -> list[str]:
    """Log and return every VLLM_* name in ``environ`` that is not registered."""
    unknown = sorted(name for name in environ
                     if name.startswith("VLLM_")
                     and name not in environment_variables)
    for name in unknown:
        logger.warning("Unknown vLLM environment variable detected: %s", name)
    return unknown
