"""``env_reward``: the reward a rollout's own environment gives it (an environment that judges, such as OpenEnv's).

TRL (1.16) hands every reward the rollouts' environment instances as ``environments`` (one per completion, the
instances its ``environment_factory`` made). This reward asks each for its episode's reward, passing the rollout's
final message: ``environment._episode_reward(completion_text) -> float | None``. The hook is private so that TRL does
not offer it to the model as a tool, and it takes the final message because an environment whose answer is that
message (a served rlvr-kit env, `envs.openenv`) can only be judged once it is known, which TRL's own ``get_reward()``
(no arguments) cannot do.

An environment that cannot score its rollout (its server errored, timed out or could not be reached) answers
``None``: the rollout is "could not be scored", ``None`` to TRL (left out of the group's rewards), never a 0 trained
on. Their share is logged as ``env_reward/error_rate`` on every call, which the run's breaker
(`training.breaker.RewardBreaker`) watches: a run whose environment stays down stops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rewards.protocol import Reward, Status, Verdict

__all__ = ["EnvReward"]


class EnvReward(Reward):
    """The environment's own reward for each rollout (``None`` where it could not score it, or no environment)."""

    __name__ = "env_reward"
    cacheable = False  # the same text in two rollouts is two episodes

    def judge(self, completions: list[str], *args: Any, environments: list[Any] | None = None,
              **columns: Any) -> list[Verdict | None]:
        """Each environment's reward for its rollout's final message."""
        if not environments or len(environments) != len(completions):
            return [None] * len(completions)
        return [_verdict(env._episode_reward(text)) if hasattr(env, "_episode_reward") else None
                for env, text in zip(environments, completions)]

    def record(self, verdicts: Any, log_metric: Callable[[str, float], None] | None) -> None:
        """Count statuses as every reward does, and log the share of rollouts left unscored as the error rate."""
        verdicts = list(verdicts)
        super().record(verdicts, None)
        if log_metric is not None and verdicts:
            log_metric(f"{self.__name__}/error_rate", sum(v is None for v in verdicts) / len(verdicts))


def _verdict(score: float | None) -> Verdict | None:
    if score is None:
        return None
    return Verdict(float(score), Status.CORRECT if score > 0 else Status.WRONG, "the environment's reward")
