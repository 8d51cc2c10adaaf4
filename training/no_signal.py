"""Stop a run that learns nothing: nearly every GRPO group gives no gradient, step after step.

GRPO's advantage is a completion's reward less its group's mean, over the group's std: a group whose completions all
score the same has zero std and moves nothing (`eval.grpo_signal`). TRL logs the share of such groups each logging
step as ``frac_reward_zero_std``. A policy that never solves the prompts (or always does) keeps it near 1.0, and the
run would spend all its steps learning nothing. `NoSignalStop` ends training once that share stays at or above
``share`` for ``steps`` logged steps in a row; the run then evaluates and reports as usual, with `message` saying why
it stopped and what to change.
"""

from __future__ import annotations

import logging

from transformers import TrainerCallback

from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

KEY = "frac_reward_zero_std"


def check_options(share: float, steps: int) -> None:
    """Raise `RlvrError` on a share outside 0..1 or negative steps."""
    if not 0.0 < share <= 1.0:
        raise RlvrError(f"--no_signal_share is the share of groups with no gradient that counts as none, in (0, 1], "
                        f"got {share}; e.g. 0.95.")
    if steps < 0:
        raise RlvrError(f"--no_signal_steps takes logged steps in a row (0 turns the stop off), got {steps}.")


class NoSignalStop(TrainerCallback):
    """Ends training once ``frac_reward_zero_std`` is at least ``share`` for ``steps`` consecutive logged steps.

    >>> stop = NoSignalStop(share=0.95, steps=2)
    >>> [stop.record(step, {KEY: 1.0, "reward": 0.0}) for step in (5, 10)]
    [False, True]
    >>> stop.message().split(":")[0]
    'Training stopped at step 10'
    """

    def __init__(self, share: float = 0.95, steps: int = 10) -> None:
        check_options(share, steps)
        self.share, self.steps = share, steps
        self.streak: list[tuple[int, float, float | None]] = []  # (step, zero-std share, mean reward), in a row
        self.stopped_at: int | None = None

    def record(self, step: int, logs: dict[str, object]) -> bool:
        """Count one logged step; whether the stop has tripped (now or before)."""
        value = logs.get(KEY)
        if self.steps == 0 or not isinstance(value, (int, float)):
            return self.stopped_at is not None  # a log without the share (eval, the closing one) changes nothing
        if value >= self.share:
            reward = logs.get("reward")
            self.streak.append((step, float(value), float(reward) if isinstance(reward, (int, float)) else None))
        else:
            self.streak = []
        if self.stopped_at is None and len(self.streak) >= self.steps:
            self.stopped_at = step
        return self.stopped_at is not None

    def on_log(self, args, state, control, logs=None, **kwargs):
        if self.stopped_at is None and logs and self.record(state.global_step, logs):
            control.should_training_stop = True
            logger.warning("%s", self.message())
        return control

    def message(self) -> str:
        """Why training stopped, and what gives GRPO something to learn from."""
        shares = ", ".join(f"{v:.2f}" for _, v, _ in self.streak[-self.steps:])
        rewards = [r for _, _, r in self.streak[-self.steps:] if r is not None]
        mean = f"; mean reward {sum(rewards) / len(rewards):.3f}" if rewards else ""
        return (f"Training stopped at step {self.stopped_at}: in each of the last {self.steps} logged steps at least "
                f"{self.share:.0%} of the groups scored the same on every completion, so they gave no gradient "
                f"(zero-std share {shares}{mean}). GRPO learns only from groups whose rewards differ. If the policy "
                "never solves these prompts: start from a policy that sometimes does (--model, or for the embedded "
                "model a 'reference' column that its warm start learns from), give easier prompts or a reward with "
                "partial credit, draw more completions per prompt (--num_generations), or --dynamic_sampling. If it "
                "always solves them, it has nothing left to learn here: give harder prompts (python -m eval filter, "
                "then --train_filter). To change or turn off this stop: --no_signal_share S, --no_signal_steps N "
                "(0 turns it off).")
