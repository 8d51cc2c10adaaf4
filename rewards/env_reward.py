"""``env_reward``: the reward a rollout's own environment gives it (an environment that judges, such as OpenEnv's).

TRL (1.16) hands every reward the rollouts' environment instances as ``environments`` (one per completion, the
instances its ``environment_factory`` made). This reward asks each for its episode's reward, passing the rollout's
final message: ``environment._episode_reward(completion_text) -> float | None``. The hook is private so that TRL does
not offer it to the model as a tool, and it takes the final message because an environment whose answer is that
message (a served rlvr-kit env, `envs.openenv`) can only be judged once it is known, which TRL's own ``get_reward()``
(no arguments) cannot do.

The hook returns ``None`` when the environment gave no reward (nothing judged the rollout), and raises when the
environment itself failed (its server errored, timed out or could not be reached). Either way the rollout is "could
not be scored": ``None`` to TRL (left out of the group's rewards), never a 0 trained on. The share of failed ones is
logged as ``env_reward/error_rate`` on every call, which the run's breaker (`training.breaker.RewardBreaker`)
watches: a run whose environment stays down stops.

An environment may also describe its episode: ``environment._episode_metrics() -> dict[str, float]`` (a game's
``turns``, ``invalid_rate``, ``solved_rate``, `envs.games`); each is logged as ``env_reward/<name>``, its mean over
the rollouts whose environment gave it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rewards.protocol import Reward, Status, Verdict, _keep_failure

__all__ = ["EnvReward", "episode_means"]


class EnvReward(Reward):
    """The environment's own reward for each rollout (``None`` where it could not score it, or no environment)."""

    __name__ = "env_reward"
    cacheable = False  # the same text in two rollouts is two episodes

    failed = 0  # rollouts of the last batch whose environment failed
    episodes: list[dict[str, float]]  # the last batch's `_episode_metrics`, one per rollout that gave them

    def judge(self, completions: list[str], *args: Any, environments: list[Any] | None = None,
              **columns: Any) -> list[Verdict | None]:
        """Each environment's reward for its rollout's final message."""
        self.failed, self.episodes = 0, []
        if not environments or len(environments) != len(completions):
            return [None] * len(completions)
        return [self._ask(env, text) for env, text in zip(environments, completions)]

    def _ask(self, env: Any, text: str) -> Verdict | None:
        if not hasattr(env, "_episode_reward"):
            return None
        try:
            score = env._episode_reward(text)
            if hasattr(env, "_episode_metrics"):
                self.episodes.append(env._episode_metrics())
        except Exception as e:  # the environment failed: unscored, and counted for the breaker
            self.failed += 1
            _keep_failure(self.__name__, Verdict(0.0, Status.ERROR, f"{type(e).__name__}: {e}"))
            return None
        if score is None:
            return None
        return Verdict(float(score), Status.CORRECT if score > 0 else Status.WRONG, "the environment's reward")

    def record(self, verdicts: Any, log_metric: Callable[[str, float], None] | None) -> None:
        """Count statuses as every reward does, and log the share of rollouts whose environment failed as the
        error rate (they score ``None``, not the 0.0 of an ``error`` verdict)."""
        verdicts = list(verdicts)
        super().record(verdicts, None)
        if log_metric is not None and verdicts:
            log_metric(f"{self.__name__}/error_rate", self.failed / len(verdicts))
            for name, mean in episode_means(self.episodes).items():
                log_metric(f"{self.__name__}/{name}", mean)


def episode_means(episodes: list[dict[str, float]]) -> dict[str, float]:
    """Each metric's mean over the episodes that report it.

    >>> episode_means([{"turns": 2.0, "solved_rate": 1.0}, {"turns": 4.0, "solved_rate": 0.0}])
    {'turns': 3.0, 'solved_rate': 0.5}
    """
    totals: dict[str, list[float]] = {}
    for episode in episodes:
        for name, value in episode.items():
            totals.setdefault(name, []).append(float(value))
    return {name: sum(values) / len(values) for name, values in totals.items()}
