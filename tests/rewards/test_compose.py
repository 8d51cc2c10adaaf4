"""Composed rewards: the spec grammar, gate and product semantics, weights, and no checker run twice per step."""

from __future__ import annotations

import pickle
import re

import pytest

import rewards
from rewards.compose import parse, weights_of
from rewards.math import MathExact

GOOD = "<think>\nadd them\n</think>\n\\boxed{4}"
UNFORMATTED = "\\boxed{4}"
WRONG = "<think>\nadd them\n</think>\n\\boxed{5}"


class CountingMathExact(MathExact):
    """The real math_exact checker, recording every completion it judges (class-level, across instances)."""

    judged: list[str] = []

    def judge(self, completions, **kwargs):
        CountingMathExact.judged.extend(completions)
        return super().judge(completions, **kwargs)


rewards.register("counting_math_exact", CountingMathExact)


@pytest.fixture(autouse=True)
def _reset_counter():
    CountingMathExact.judged.clear()


def test_grammar_round_trips_and_reports_weights():
    spec = parse(" 0.5 * math_exact * tag_count | if: format_think(strict=false) ")
    assert str(spec) == "math_exact*tag_count|if:format_think(strict=False)"
    assert spec.weight == 0.5
    assert spec.gates[1][0].params == (("strict", False),)
    assert weights_of(["math_exact", "2*format_think"]) == [1.0, 2.0]
    assert weights_of(["math_exact", "format_think"]) is None


@pytest.mark.parametrize("bad,problem", [
    ("math_exact*", "it ends with an operator"),
    ("math_exact|if:", "it ends with an operator"),
    ("math_exact*0.5", "may only come first"),
    ("overlong(max_len)", "must read key=value"),
    ("", "it is empty"),
    ("math_exact(deadline=1", "is never closed"),
    ("math_exact)", "has no matching '('"),
    ("math_exact(deadline=)", "has no value"),
])
def test_bad_specs_raise_clear_errors(bad, problem):
    with pytest.raises(rewards.RlvrError, match=re.escape(problem)):
        rewards.get_many([bad])


def test_unknown_ids_inside_a_spec_suggest_the_right_one():
    with pytest.raises(rewards.UnknownIdError, match="Did you mean 'format_think'"):
        rewards.get("math_exact|if:format_thnk")


def test_weight_in_get_is_refused_with_the_fix():
    with pytest.raises(rewards.RlvrError, match="rewards.get_many"):
        rewards.get("2*math_exact")


def test_gate_pays_only_where_the_condition_holds():
    gated = rewards.get("math_exact|if:format_think")
    assert gated.__name__ == "math_exact|if:format_think"
    verdicts = gated.verdicts([GOOD, UNFORMATTED, WRONG], answer=["4"] * 3)
    assert [v.score for v in verdicts] == [1.0, 0.0, 0.0]
    assert "gate failed (format_think:" in verdicts[1].detail
    assert gated.columns == (("answer", "solution"),)


def test_composites_keep_the_answer_their_checker_read():
    """maj@k votes on `Verdict.answer`: a gate, a product and a length-scaled reward keep math_exact's reading."""
    for spec in ("math_exact|if:format_think", "math_exact*tag_count", "length_scaled(max_len=10)"):
        verdicts = rewards.get(spec).verdicts([GOOD, UNFORMATTED, WRONG], answer=["4"] * 3, completion_ids=[[1]] * 3)
        assert [v.answer for v in verdicts] == [m.answer for m in MathExact(prestart=False).verdicts(
            [GOOD, UNFORMATTED, WRONG], answer=["4"] * 3)], spec
        assert verdicts[0].answer == "4"


def test_gate_and_product_keep_none_for_unscorable_rows():
    for spec in ("math_exact|if:format_think", "math_exact*format_think"):
        assert rewards.get(spec)([GOOD], answer=[""]) == [None]


def test_product_scales_by_partial_credit():
    product = rewards.get("math_exact*tag_count")
    # tag_count: only <think> and </think> present with their newlines -> 0.5
    assert product([GOOD, WRONG], answer=["4", "4"]) == [0.5, 0.0]


def test_parameters_in_specs_reach_the_reward():
    fn = rewards.get("overlong(max_len=4,cache=2)")
    assert fn.max_len == 4 and fn(["x"], completion_ids=[[1] * 3]) == [-0.5]


def test_composed_rewards_pickle():
    fn = rewards.get("math_exact*tag_count|if:format_think")
    clone = pickle.loads(pickle.dumps(fn))
    assert clone([GOOD], answer=["4"]) == fn([GOOD], answer=["4"]) == [0.5]


def _trl_step(funcs, completions, answers):
    """Call each reward the way GRPOTrainer._calculate_rewards does: same lists, every argument by keyword."""
    logged = {}
    kwargs = dict(prompts=["2+2="] * len(completions), completions=completions,
                  completion_ids=[[1] * len(c) for c in completions], trainer_state=None,
                  log_extra=lambda *a: None, log_metric=logged.__setitem__, answer=answers)
    return [fn(**kwargs) for fn in funcs], logged


def test_a_run_judges_each_completion_once_per_step():
    specs = ["counting_math_exact", "counting_math_exact|if:format_think", "counting_math_exact*tag_count",
             "length_scaled(correctness=counting_math_exact,max_len=40)", "0.1*format_think"]
    funcs, weights = rewards.get_many(specs)
    assert weights == [1.0, 1.0, 1.0, 1.0, 0.1]
    step1 = [GOOD, UNFORMATTED, WRONG, "no answer"]
    scores, logged = _trl_step(funcs, step1, ["4"] * 4)
    assert sorted(CountingMathExact.judged) == sorted(step1)  # once each, across five reward functions
    assert scores[0] == [1.0, 1.0, 0.0, 0.0] and scores[1] == [1.0, 0.0, 0.0, 0.0]
    assert logged["counting_math_exact/unparsed_rate"] == 0.25  # logged once, by the first call

    step2 = [WRONG, GOOD]
    _trl_step(funcs, step2, ["5", "5"])
    assert sorted(CountingMathExact.judged) == sorted(step1 + step2)


def test_separately_built_rewards_do_judge_twice():
    # What get_many's shared pool saves: two independent `get`s each run the checker.
    funcs = [rewards.get("counting_math_exact"), rewards.get("counting_math_exact|if:format_think")]
    _trl_step(funcs, [GOOD, WRONG], ["4", "4"])
    assert sorted(CountingMathExact.judged) == sorted([GOOD, WRONG] * 2)


def test_cache_does_not_serve_a_changed_batch():
    fn = rewards.get("counting_math_exact")
    completions, answers = [GOOD], ["4"]
    assert fn(completions, answer=answers) == [1.0]
    answers[0] = "5"  # same list objects, new contents
    assert fn(completions, answer=answers) == [0.0]
    completions[0] = WRONG
    assert fn(completions, answer=["4"]) == [0.0]
    assert len(CountingMathExact.judged) == 3


_noisy_calls: list[int] = []


@rewards.register("tests_noisy_reward")
def noisy(completions, **kwargs):
    """A stateful user reward: its score is the number of times it was called."""
    _noisy_calls.append(len(completions))
    return [float(len(_noisy_calls))] * len(completions)


def test_plain_functions_are_not_cached():
    fn = rewards.get("tests_noisy_reward")
    assert fn(["a"]) != fn(["a"])  # a stateful user function keeps being called, as before the cache


def test_a_failed_gate_withholds_a_reward_but_keeps_a_penalty():
    # Before: breaking the format scored 0.0, above the -0.75 of a formatted wrong answer, so failing paid.
    gated = rewards.get("length_scaled(max_len=10)|if:format_think")
    scores = gated(completions=[WRONG, UNFORMATTED.replace("4", "5")], answer=["4", "4"], completion_ids=[[1] * 5] * 2)
    assert scores[1] <= scores[0] < 0
    assert rewards.get("math_exact|if:format_think")([UNFORMATTED], answer=["4"]) == [0.0]  # a reward still withheld


def test_a_product_with_a_penalty_never_flips_or_cancels_it():
    # Before: repetition (-) times length_scaled's wrong score (-) was positive: a looping wrong answer earned +0.46.
    product = rewards.get("repetition*length_scaled(max_len=10)")
    looped, plain = product(completions=[WRONG, WRONG], answer=["4", "4"],
                            completion_ids=[[1] * 8, [1, 2, 3, 4, 5, 6, 7, 8]])
    assert looped < plain < 0
    # 0 (wrong) times a penalty cancelled it: a wrong overlong answer beat a correct overlong one.
    overlong = rewards.get("overlong(max_len=4,cache=2)*math_exact")
    correct, wrong = overlong(completions=[GOOD, WRONG], answer=["4", "4"], completion_ids=[[1] * 9] * 2)
    assert wrong <= correct


@pytest.mark.parametrize("spec", ["-1*overlong", "-0.5*math_exact", "1e999*format_think", "1e400*math_exact"])
def test_weights_must_be_finite_and_not_negative(spec):
    with pytest.raises(rewards.RlvrError, match="finite number >= 0"):
        rewards.get_many([spec])


def test_zero_weight_is_allowed():
    assert weights_of(["0*format_think", "math_exact"]) == [0.0, 1.0]


def _scores_for_compose(completions, **kwargs):
    return [float("nan"), float("inf"), 1.0][:len(completions)]


def test_plain_function_scores_nan_and_inf_in_a_composition():
    from rewards.compose import verdicts_of
    verdicts = verdicts_of(_scores_for_compose, ["a", "b", "c"])
    assert verdicts[0] is None and verdicts[1].status is rewards.Status.ERROR and verdicts[1].score == 0.0
    assert verdicts[2].score == 1.0
