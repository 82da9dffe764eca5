"""First-come-first-served scheduler over a paged KV cache."""

import enum
import logging
from collections import deque
from dataclasses import dataclass, field

from vllm import envs
from vllm.utils import cdiv

logger = logging.getLogger(__name__)

# Preemptions are logged individually up to this many per step, then summed.
_MAX_PREEMPTIONS_LOGGED = 8


class RequestStatus(enum.Enum):
    WAITING = enum.auto()
    RUNNING = enum.auto()
    PREEMPTED = enum.auto()
    FINISHED = enum.auto()


@dataclass
class Request:
    request_id: str
    prompt_len: int
    max_tokens: int
    num_generated: int = 0
    status: RequestStatus = RequestStatus.WAITING
    block_ids: list[int] = field(default_factory=list)

    @property
    def num_tokens(self) -> int:
        return self.prompt_len + self.num_generated

    @property
    def finished(self) -> bool:
        return self.num_generated >= self.max_tokens


@dataclass
class SchedulerConfig:
    num_gpu_blocks: int
    block_size: int = 16
    max_num_seqs: int = 256
    max_num_batched_tokens: int = 8192


@dataclass
class SchedulerOutput:
    scheduled: list[Request]
    preempted: list[Request]
    num_batched_tokens: int


class Scheduler:

    def __init__(self, config: SchedulerConfig) -> None:
        self.config = config
        self.free_blocks: deque[int] = deque(range(config.num_gpu_blocks))
        self.waiting: deque[Request] = deque()
        self.running: list[Request] = []
        self.swap_budget = envs.VLLM_SWAP_SPACE_BLOCKS

    def add_request(self, request: Request) -> None:
        self.waiting.append(request)

    def _blocks_needed(self, request: Request) -> int:
        total = cdiv(request.num_tokens + 1, self.config.block_size)
        return max(0, total - len(request.block_ids))

    def _allocate(self, request: Request, count: int) -> bool:
        if count > len(self.free_blocks):
            return False
        for _ in range(count):
            request.block_ids.append(self.free_blocks.popleft())
        return True

    def _free(self, request: Request) -> None:
        self.free_blocks.extend(request.block_ids)
        request.block_ids.clear()

    def _preempt(self) -> Request:
        # Recompute preemption: the newest running request loses its blocks.
        victim = self.running.pop()
        self._free(victim)
        victim.status = RequestStatus.PREEMPTED
        self.waiting.appendleft(victim)
        return victim

    def schedule(self) -> SchedulerOutput:
        preempted: list[Request] = []
        for request in list(self.running):
            if request.finished:
                request.status = RequestStatus.FINISHED
                self.running.remove(request)
                self._free(request)
        # Running requests first: each needs room for one more token.
        for request in list(self.running):
            if request.status is not RequestStatus.RUNNING:
                continue  # preempted earlier in this loop
            while not self._allocate(request, self._blocks_needed(request)):
                victim = self._preempt()
                preempted.append(victim)
                if victim is request:
                    break
        budget = self.config.max_num_batched_tokens - len(self.running)
        while self.waiting and len(self.running) < self.config.max_num_seqs:
            request = self.waiting[0]
            if request.num_tokens > budget:
                break
            if not self._allocate(request, self._blocks_needed(request)):
                break
            self.waiting.popleft()
            request.status = RequestStatus.RUNNING
            self.running.append(request)
            budget -= request.num_tokens
        if len(preempted) > _MAX_PREEMPTIONS_LOGGED:
            logger.info("preempted %d requests", len(preempted))
        else:
            for victim in preempted:
                logger.info("preempted %s", victim.request_id)
        tokens = self.config.max_num_batched_tokens - budget
        return SchedulerOutput(self.running, preempted, tokens)
