"""What generation hands to scoring: completions per problem with their token ids, and the sampler type that makes
them (`eval.harness` for plain generation, `eval.tool_loop.ToolSampler` for tool rollouts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Samples:
    """``n`` completions per problem, in problem order, with their token ids (cut after the first EOS)."""

    texts: list[list[str]]
    ids: list[list[list[int]]]


# (prompts, n, greedy, seed) -> Samples: one chunk of generation, by whichever backend.
Sampler = Callable[[Sequence[Any], int, bool, int], Samples]
