"""vLLM-like inference engine: the pristine upstream of the patchbay demo."""

from vllm import envs
from vllm.core.scheduler import Scheduler, SchedulerConfig

__version__ = "0.28.0"

__all__ = [
    "Scheduler",
    "SchedulerConfig",
    "__version__",
    "envs",
]
