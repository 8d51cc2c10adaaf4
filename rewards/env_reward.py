"""``env_reward``: the reward a rollout's own environment gives it (an environment that judges, such as OpenEnv's).

TRL (1.16) hands every reward the rollouts' environment instances as ``environments`` (one per completion, the
instances its ``environment_factory`` made). This reward asks each for its episode's reward, passing the rollout's
final message: ``environment._episode_reward(completion_text) -> float | None``. The hook is private so that TRL does
not offer it to the model as a tool, and it takes the final message because an environment whose answer is that
message (a served rlvr-kit env, `envs.openenv`) can only be judged once it is known, which TRL's own ``get_reward()``
(no arguments) cannot do.

The hook returns ``None`` when the environment gave no reward (nothing judged the rollout: no verdict, not
counted), and raises when the environment itself failed (its server errored, timed out or could not be reached):
that rollout's verdict is ``unscorable``, ``None`` to TRL (left out of the group's rewards), never a 0 trained on,
and left out of an evaluation's pass@k. Its share is logged as ``env_reward/unscorable_rate`` on every call, which
the run's breaker (`training.breaker.RewardBreaker`) watches: a run whose environment stays down stops.

An environment may also describe its episode: ``environment._episode_metrics() -> dict[str, float]`` (a game's
``turns``, ``invalid_rate``, ``solved_rate``, `envs.games`); each is logged as ``env_reward/<name>``, its mean over
the rollouts whose environment gave it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rewards.protocol import Reward, Status, Verdict, unscorable

__all__ = ["EnvReward", "episode_means"]


class EnvReward(Reward):
    """The environment's own reward for each rollout (``None`` where it gave none, or there is no environment;
    ``unscorable`` where it failed)."""

    __name__ = "env_reward"
    cacheable = False  # the same text in two rollouts is two episodes

    episodes: list[dict[str, float]]  # the last batch's `_episode_metrics`, one per rollout that gave them

    def judge(self, completions: list[str], *args: Any, environments: list[Any] | None = None,
              **columns: Any) -> list[Verdict | None]:
        """Each environment's reward for its rollout's final message."""
        self.episodes = []
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
        except Exception as e:  # the environment failed, not the completion: unscored, counted for the breaker
            return unscorable(f"the environment failed: {type(e).__name__}: {e}")
        if score is None:
            return None
        return Verdict(float(score), Status.CORRECT if score > 0 else Status.WRONG, "the environment's reward")

    def record(self, verdicts: Any, log_metric: Callable[[str, float], None] | None) -> None:
        """Count statuses and log their rates as every reward does, and each episode metric's mean."""
        super().record(verdicts, log_metric)
        if log_metric is not None:
            for name, mean in episode_means(self.__dict__.get("episodes", [])).items():
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
