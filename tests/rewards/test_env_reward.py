"""``env_reward``: the reward a rollout's own environment gives; an environment that gave none, or failed, leaves the
rollout unscored (``None``), and only a failure is an ``unscorable`` verdict, counted in ``env_reward/unscorable_rate``
(what the breaker watches)."""

from __future__ import annotations

import rewards
from training.breaker import RewardBreaker


class Judged:
    """An environment that judges its rollout: the reward it was built with, for any final message."""

    def __init__(self, reward: float | None) -> None:
        self.reward = reward

    def reset(self, **row):
        return None

    def _episode_reward(self, completion: str) -> float | None:
        return self.reward


class Down(Judged):
    """An environment whose server is gone."""

    def _episode_reward(self, completion: str) -> float | None:
        raise ConnectionError("server unreachable")


def test_scores_come_from_the_environments_and_failures_are_unscored_not_zero():
    logged: dict[str, float] = {}
    env_reward = rewards.get("env_reward")
    scores = env_reward(completions=["a", "b", "c", "d"], environments=[Judged(0.7), Judged(None), Down(None),
                                                                         Judged(0.0)], log_metric=logged.__setitem__)
    assert scores == [0.7, None, None, 0.0]
    # only the failed environment, among the three judged: the one that gave no reward has no verdict
    assert logged["env_reward/unscorable_rate"] == 1 / 3 and logged["env_reward/error_rate"] == 0.0
    assert [None if v is None else v.status.value for v in env_reward.verdicts(
        completions=["a", "b", "c"], environments=[Judged(0.7), Judged(None), Down(None)])] == \
        ["correct", None, "unscorable"]


def test_without_environments_nothing_is_scored():
    assert rewards.get("env_reward")(completions=["a", "b"], answer=["1", "2"]) == [None, None]


def test_the_breaker_stops_a_run_whose_environment_stays_down():
    env_reward, breaker = rewards.get("env_reward"), RewardBreaker(rate=0.5, steps=2)
    for step in (1, 2):
        logged: dict[str, float] = {}
        env_reward(completions=["a", "b"], environments=[Down(None), Down(None)], log_metric=logged.__setitem__)
        tripped = breaker.record(step, logged)
    assert tripped and breaker.tripped == ["env_reward/unscorable_rate"]
