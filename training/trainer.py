"""The `GRPOTrainer` train.py builds: TRL's, with every tool turn cleaned before it is tokenized.

TRL tokenizes a rollout's tool turns outside its per-call ``try``; what it wrote there from the model's own call (an
unknown tool's name, echoed in ``Tool <name> not found.``) could hold a lone surrogate, which fails the whole GRPO
step in the tokenizer, or chat control text, which forges a turn. `envs.tools.boundary.clean_tool_turns` makes it
safe; an own script gets the same by training with this class. It also binds a `training.heldout.HeldoutEval`
among its callbacks (given at init or added later) to itself, so the held-out rates land in its logs.
"""

from __future__ import annotations

from typing import Any

from trl import GRPOTrainer as TRLGRPOTrainer

from envs.tools.boundary import clean_tool_turns, guard_parser
from training.heldout import HeldoutEval

__all__ = ["GRPOTrainer"]


class GRPOTrainer(TRLGRPOTrainer):
    """TRL's `GRPOTrainer` whose tool turns pass the untrusted-text boundary before they are tokenized."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guard_parser(self._tokenizer)  # a completion nested too deeply to parse is text, not a failed step
        self._bind_heldout()

    def add_callback(self, callback: Any) -> None:
        """TRL's `add_callback`; a `HeldoutEval` is bound to this trainer."""
        super().add_callback(callback)
        self._bind_heldout()

    def _bind_heldout(self) -> None:
        for callback in self.callback_handler.callbacks:
            if isinstance(callback, HeldoutEval) and callback.trainer is None:
                callback.bind(self)

    # TRL's own hook (1.16): the one place every tool turn passes before it becomes token ids.
    def _get_tool_suffix_ids(self, tool_messages: list[dict[str, Any]]) -> list[int]:
        return super()._get_tool_suffix_ids(clean_tool_turns(tool_messages))
