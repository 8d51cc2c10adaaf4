"""RewardBreaker's counting, on logged rows as GRPOTrainer writes them
(the end-to-end runs are in test_train_breaker)."""

import re

import pytest

from rewards import RlvrError
from training.breaker import RewardBreaker


def test_a_step_at_or_below_the_rate_resets_the_streak():
    breaker = RewardBreaker(rate=0.5, steps=3)
    rows = [0.9, 0.9, 0.5, 0.9, 0.9]  # 0.5 is not above 0.5
    assert not any(breaker.record(i, {"r/error_rate": v}) for i, v in enumerate(rows, 1))
    assert breaker.record(6, {"r/error_rate": 1.0}) and breaker.tripped == ["r/error_rate"]


def test_rows_without_the_rate_leave_the_streak_and_eval_rows_are_ignored():
    breaker = RewardBreaker(rate=0.5, steps=2)
    assert not breaker.record(1, {"r/timeout_rate": 0.8})
    assert not breaker.record(2, {"loss": 0.1})  # a step that generated nothing new (steps_per_generation > 1)
    assert not breaker.record(3, {"eval_r/timeout_rate": 1.0})
    assert breaker.record(4, {"r/timeout_rate": 0.7})
    assert breaker.streaks["r/timeout_rate"] == [(1, 0.8), (4, 0.7)]


def test_unwatched_statuses_and_steps_0_never_trip():
    only_errors = RewardBreaker(rate=0.5, steps=1, statuses=["error"])
    assert not only_errors.record(1, {"r/timeout_rate": 1.0, "r/unparsed_rate": 1.0, "rewards/r/mean": 1.0})
    off = RewardBreaker(steps=0)
    assert not any(off.record(i, {"r/error_rate": 1.0}) for i in range(10))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"rate": 1.5}, "The breaker rate is a fraction of completions in 0..1, got 1.5"),
    ({"steps": -1}, "The breaker needs steps >= 0 (logged steps in a row; 0 turns it off), got -1"),
    ({"statuses": ["wrong"]},
     "The breaker watches the statuses ['error', 'timeout', 'unscorable', 'unparsed']; got ['wrong']"),
])
def test_bad_settings_are_refused(kwargs, message):
    with pytest.raises(RlvrError, match=re.escape(message)):
        RewardBreaker(**kwargs)
