"""Failures the completion did not cause score None (status ``unscorable``) and are counted; those it may have caused
score 0.0. Per failure kind of the protocol, composition, `check_reward` and the breaker (the sandbox's kinds are in
tests/rewards/code/test_unscorable_sandbox.py, the Ray ones in test_remote.py, a real GRPO step in
tests/training/test_train_unscorable.py)."""

from __future__ import annotations

import re

import pytest

import rewards
from rewards import Reward, RewardCheckError, Status, Verdict, check_reward
from rewards.compose import Gated, Product, Withheld
from rewards.errors import UnscorableError
from rewards.format import FormatThink
from rewards.math import MathExact
from rewards.protocol import call_like_trainer, unscorable
from training.breaker import RewardBreaker

GOOD = "<think>\nadd them\n</think>\n\\boxed{4}"


def _logged():
    logs: dict[str, float] = {}
    return logs, lambda key, value: logs.__setitem__(key, value)


class JudgeDown(Reward):
    """A judge whose service refuses every connection: it says so with UnscorableError."""

    __name__ = "judge_down"

    def judge(self, completions, **kwargs):
        raise UnscorableError("judge service refused the connection")


class CrashesOnText(Reward):
    """A checker with a bug that some completion text triggers: the completion may be what broke it."""

    __name__ = "crashes_on_text"

    def judge(self, completions, **kwargs):
        return [Verdict(1.0, Status.CORRECT) if "boom" not in c else Verdict(1 / 0, Status.CORRECT)
                for c in completions]


class LosesMarked(Reward):
    """Right on "4", wrong otherwise; a completion holding "LOST" was not judged (its worker was lost)."""

    __name__ = "loses_marked"

    def judge(self, completions, **kwargs):
        return [unscorable("worker lost") if "LOST" in c else
                Verdict(float("4" in c), Status.CORRECT if "4" in c else Status.WRONG) for c in completions]


rewards.register("loses_marked", LosesMarked)


def test_a_judge_raising_unscorable_error_scores_none_and_is_counted_and_logged():
    logs, log_metric = _logged()
    fn = JudgeDown()
    assert fn(completions=["a", "b", "c"], log_metric=log_metric) == [None, None, None]
    assert fn.counts[Status.UNSCORABLE] == 3 and logs["judge_down/unscorable_rate"] == 1.0
    assert logs["judge_down/error_rate"] == 0.0
    assert rewards.protocol.first_failures("judge_down") == [
        "unscorable: UnscorableError: judge service refused the connection"]


def test_a_checker_crashing_on_a_completion_still_scores_it_zero():
    logs, log_metric = _logged()
    fn = CrashesOnText()
    assert fn(completions=["ok", "boom"], log_metric=log_metric) == [1.0, 0.0]
    assert logs["crashes_on_text/error_rate"] == 0.5 and logs["crashes_on_text/unscorable_rate"] == 0.0


def test_a_plain_function_raising_unscorable_error_scores_none_other_exceptions_zero():
    def service_down(completions, **kwargs):
        raise UnscorableError("no route to the judge")

    def buggy(completions, **kwargs):
        raise KeyError("a bug some text reaches")

    assert rewards.FunctionReward(service_down)(completions=["x", "y"]) == [None, None]
    assert rewards.FunctionReward(buggy)(completions=["x", "y"]) == [0.0, 0.0]


def test_a_verdict_has_no_score_exactly_when_it_is_unscorable():
    assert unscorable("lost").score is None
    with pytest.raises(ValueError, match=re.escape("score None with status 'wrong'")):
        Verdict(None, Status.WRONG)
    with pytest.raises(ValueError, match=re.escape("score 0.0 with status 'unscorable'")):
        Verdict(0.0, Status.UNSCORABLE)


def test_call_like_trainer_gives_each_completions_status():
    scores, statuses = call_like_trainer(LosesMarked(), ["p"] * 3, ["4", "LOST", "5"], [[1]] * 3, {})
    assert scores == [1.0, None, 0.0] and statuses == ["correct", "unscorable", "wrong"]


@pytest.mark.parametrize("make", [lambda judge: Product([judge, FormatThink()], "p"),
                                  lambda judge: Gated(judge, [FormatThink()], "g"),
                                  lambda judge: Gated(FormatThink(), [judge], "g2")])
def test_a_composed_reward_is_unscorable_where_a_part_could_not_judge(make):
    fn = make(LosesMarked())
    verdicts = fn.verdicts(completions=[GOOD, GOOD + " LOST"])
    assert verdicts[0].score == 1.0
    assert verdicts[1].status is Status.UNSCORABLE and verdicts[1].score is None
    assert "loses_marked: worker lost" in verdicts[1].detail


def test_get_many_withholds_the_format_bonus_where_the_judge_could_not_judge():
    logs, log_metric = _logged()
    funcs, weights = rewards.get_many(["loses_marked", "0.2*format_think"])
    assert weights == [1.0, 0.2] and isinstance(funcs[1], Withheld) and funcs[1].__name__ == "format_think"
    batch = {"completions": [GOOD, GOOD + " LOST", "5"], "log_metric": log_metric}
    assert [f(**batch) for f in funcs] == [[1.0, None, 0.0], [1.0, None, 0.0]]
    # Rates are the judge's and the format reward's own: nothing counted twice, the bonus's own status kept.
    assert logs["loses_marked/unscorable_rate"] == pytest.approx(1 / 3)
    assert logs["format_think/unscorable_rate"] == 0.0


def test_the_withheld_reward_reads_the_judges_verdicts_without_judging_again():
    judged = []

    class Counting(LosesMarked):
        def judge(self, completions, **kwargs):
            judged.extend(completions)
            return super().judge(completions, **kwargs)

    judge = Counting()
    judge.cacheable = False  # a user's stochastic judge: never reused, still read back by the withheld bonus
    bonus = Withheld(FormatThink(), judge)
    assert judge(completions=["LOST", GOOD]) == [None, 1.0]
    assert bonus(completions=["LOST", GOOD]) == [None, 1.0]
    assert judged == ["LOST", GOOD]


def test_check_reward_says_a_judge_that_is_down_is_down():
    with pytest.raises(RewardCheckError, match=re.escape("Reward 'judge_down' is down: status 'unscorable' on all 2 "
                                                         "completions it was tried on: unscorable: UnscorableError")):
        check_reward(JudgeDown(), [{"prompt": "1+1=", "answer": "2"}] * 2, ["\\boxed{2}"] * 2)
    check_reward(LosesMarked(), [{"prompt": "2+2="}] * 2, ["4", "LOST"])  # one lost completion is fine: None


def test_the_breaker_trips_on_a_judge_that_is_down():
    breaker, judge = RewardBreaker(rate=0.5, steps=3), JudgeDown()
    tripped = []
    for step in (1, 2, 3):
        logs, log_metric = _logged()
        judge(completions=[f"step {step} {i}" for i in range(4)], log_metric=log_metric)
        tripped.append(breaker.record(step, logs))
    assert tripped == [False, False, True] and breaker.tripped == ["judge_down/unscorable_rate"]
    assert "or on the few it could judge (unscorable)" in breaker.message()
    assert "first failures: unscorable: UnscorableError: judge service refused the connection" in breaker.message()


def test_math_exact_is_unchanged_on_its_own_failures():
    fn = MathExact()
    assert fn(completions=["no answer here"], answer=["4"]) == [0.0]


def test_an_async_bonus_is_left_as_it_is():
    async def bonus(completions, **kwargs):
        return [0.5 for _ in completions]

    funcs = rewards.compose.withheld([LosesMarked(), bonus])
    assert funcs[1] is bonus
