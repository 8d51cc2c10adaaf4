"""The `GRPOTrainer` train.py builds: TRL's, with every tool turn cleaned before it is tokenized.

TRL tokenizes a rollout's tool turns outside its per-call ``try``; what it wrote there from the model's own call (an
unknown tool's name, echoed in ``Tool <name> not found.``) could hold a lone surrogate, which fails the whole GRPO
step in the tokenizer, or chat control text, which forges a turn. `envs.tools.boundary.clean_tool_turns` makes it
safe; an own script gets the same by training with this class. It also binds a `training.heldout.HeldoutEval`
among its callbacks (given at init or added later) to itself, so the held-out rates land in its logs, and with a
`training.rollouts.RolloutRecorder` (``rollouts=``) saves every training batch's rollouts, and with a
`training.verifier_audit.VerifierAudit` (``verifier_audit=``) audits each batch's main verifier in the background (its
rates join the step's logs when ready; ``train`` waits for its last batches before it returns).
"""

from __future__ import annotations

from typing import Any

from trl import GRPOTrainer as TRLGRPOTrainer

from envs.tools.boundary import clean_tool_turns, guard_parser
from training.heldout import HeldoutEval
from training.rollouts import RolloutRecorder
from training.verifier_audit import VerifierAudit

__all__ = ["GRPOTrainer"]

AUDIT_DRAIN_S = 300.0  # the most train() waits at its end for the verifier audit's queued batches


class GRPOTrainer(TRLGRPOTrainer):
    """TRL's `GRPOTrainer` whose tool turns pass the untrusted-text boundary before they are tokenized."""

    def __init__(self, *args: Any, rollouts: RolloutRecorder | None = None,
                 verifier_audit: VerifierAudit | None = None, **kwargs: Any) -> None:
        self.rollouts, self.verifier_audit = rollouts, verifier_audit
        self._audit_batch: tuple[list[Any], list[dict[str, Any]], list[float | None]] | None = None
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

    # TRL's hook that scores a batch: every reward's scores, gathered over ranks (this rank's rows are kept).
    def _calculate_rewards(self, inputs: Any, prompts: Any, completions: Any, completion_ids_list: Any) -> Any:
        scores = super()._calculate_rewards(inputs, prompts, completions, completion_ids_list)
        if self._training() and (self.rollouts is not None or self.verifier_audit is not None):
            start = self.accelerator.process_index * len(prompts)
            local = scores[start : start + len(prompts)].T.tolist()
            if self.rollouts is not None:
                self.rollouts.scored(inputs, prompts, completions, completion_ids_list, local)
            if self.verifier_audit is not None:
                audited = local[list(self.reward_func_names).index(self.verifier_audit.reward)]
                # ``prompts`` as the reward got them: code_tests prepends a plain-text one to a body-only completion
                self._audit_batch = (list(completions), [{**row, "prompts": p} for row, p in zip(inputs, prompts)],
                                     [None if s != s else s for s in audited])  # NaN: not scored
        return scores

    # TRL's hook for one generation batch: its output holds this rank's advantages.
    def _generate_and_score_completions(self, inputs: list[dict[str, Any]]) -> dict[str, Any]:
        output = super()._generate_and_score_completions(inputs)
        if self.rollouts is not None and self._training():
            self.rollouts.write(step=self.state.global_step + 1, reward_names=list(self.reward_func_names),
                                weights=self.reward_weights.tolist(), advantages=output["advantages"].tolist(),
                                group_size=int(self.num_generations or 1))
        if self.verifier_audit is not None and self._audit_batch is not None:
            batch, self._audit_batch = self._audit_batch, None
            self.verifier_audit.submit(self.state.global_step + 1, *batch)  # never waits: judged in the background
            for key, value in self.verifier_audit.collect().items():
                self._metrics["train"][key].append(value)
        return output

    def train(self, *args: Any, **kwargs: Any) -> Any:
        """TRL's `train`; then the verifier audit's last batches are judged (its summary counts them)."""
        try:
            return super().train(*args, **kwargs)
        finally:
            if self.verifier_audit is not None:
                self.verifier_audit.close(timeout=AUDIT_DRAIN_S)

    def _training(self) -> bool:
        return bool(getattr(self.model, "training", False))
