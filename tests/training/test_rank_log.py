"""RankRewardLog: scores pass through unchanged and every call lands in this rank's JSON-lines file."""

from __future__ import annotations

import pytest

import rewards
from training.rank_log import RankRewardLog, log_per_rank, rank_log_path, read_rank_logs


class _State:
    global_step = 7


def test_wrapped_reward_returns_scores_unchanged_and_logs_them(tmp_path):
    inner = rewards.get("math_exact")
    wrapped = RankRewardLog(inner, rank_log_path(tmp_path, 3), rank=3)
    kwargs = dict(prompts=["1+1=", "2+2="], completions=["\\boxed{2}", "\\boxed{5}"], answer=["2", "4"],
                  completion_ids=[[1], [2]], trainer_state=_State())
    scores = wrapped(**kwargs)
    assert scores == inner(**kwargs) == [1.0, 0.0]
    assert wrapped.__name__ == "math_exact" and wrapped.columns == inner.columns
    [record] = read_rank_logs(tmp_path)[3]
    assert record == {"rank": 3, "step": 7, "reward": "math_exact", "n": 2, "n_scored": 2, "mean": 0.5}


def test_unscorable_completions_are_counted_apart(tmp_path):
    def half_known(completions, **_):
        return [None if c == "?" else 1.0 for c in completions]

    wrapped = RankRewardLog(half_known, rank_log_path(tmp_path, 0), rank=0)
    assert wrapped(completions=["?", "a", "b"]) == [None, 1.0, 1.0]
    assert wrapped(completions=["?"]) == [None]
    first, second = read_rank_logs(tmp_path)[0]
    assert (first["n"], first["n_scored"], first["mean"], first["step"]) == (3, 2, 1.0, None)
    assert (second["n_scored"], second["mean"]) == (0, None)


def test_each_rank_has_its_own_file(tmp_path):
    for rank in (0, 1):
        RankRewardLog(lambda completions, rank=rank, **_: [float(rank)] * len(completions),
                      rank_log_path(tmp_path, rank), rank)(completions=["x"])
    logs = read_rank_logs(tmp_path)
    assert {rank: [r["mean"] for r in records] for rank, records in logs.items()} == {0: [0.0], 1: [1.0]}


def test_async_rewards_are_refused(tmp_path):
    async def slow(completions, **_):
        return [0.0] * len(completions)

    with pytest.raises(TypeError, match="synchronous"):
        RankRewardLog(slow, rank_log_path(tmp_path, 0), 0)
    assert log_per_rank(slow, tmp_path, 0) is slow  # train.py keeps async rewards working, unlogged
    assert isinstance(log_per_rank(rewards.get("math_exact"), tmp_path, 0), RankRewardLog)
