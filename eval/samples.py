"""What generation hands to scoring: completions per problem with their token ids, and the sampler type that makes
them (`eval.harness` for plain generation, `eval.tool_loop.ToolSampler` for tool rollouts).

A rollout scored by its own environment (`rewards.env_reward`: an OpenEnv environment) keeps that environment
instance beside its text, as TRL hands a batch's instances to its rewards (``environments=``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Samples:
    """``n`` completions per problem, in problem order, with their token ids (cut after the first EOS) and, from a
    tool loop, each rollout's environment instance (what an environment that judges its episode is asked)."""

    texts: list[list[str]]
    ids: list[list[list[int]]]
    environments: list[list[Any]] | None = field(default=None, compare=False)


# (prompts, n, greedy, seed) -> Samples: one chunk of generation, by whichever backend. A tool sampler is handed the
# dataset rows instead of their prompts (`eval.tool_loop.ToolSampler`), as TRL resets an environment with the row.
Sampler = Callable[[Sequence[Any], int, bool, int], Samples]
