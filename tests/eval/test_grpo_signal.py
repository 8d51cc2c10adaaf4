"""The zero-std share (GRPO's no-gradient groups) against enumeration of groups."""

import itertools

import pytest

from eval import grpo_signal_message, zero_std_fraction, zero_std_probability


@pytest.mark.parametrize("scores", [[1.0, 0.0, 0.0, 0.0, 1.0], [0.5, 0.5, 1.0, 0.0, 0.5, 0.5], [2.0] * 4, [0, 1, 2, 3],
                                    [1.0, None, 0.0, 1.0], [None, None, 1.0, 0.0, 0.0], [None] * 3, [None, 1.0, 1.0]])
def test_matches_enumeration_of_groups(scores):
    # A None (unscorable) member is left out of its group, as TRL 1.16 leaves it: a group gives a gradient only when
    # its scored members differ.
    for g in range(2, len(scores) + 1):
        groups = list(itertools.combinations(scores, g))
        expected = sum(len({s for s in grp if s is not None}) <= 1 for grp in groups) / len(groups)
        assert zero_std_probability(scores, g) == pytest.approx(expected)


def test_an_unscorable_completion_is_no_wrong_answer():
    # Scored 0, the lost completion would pair with each right one as a group with signal; left out, it pairs with none.
    assert zero_std_probability([1.0, 1.0, None], 2) == 1.0
    assert zero_std_probability([1.0, 1.0, 0.0], 2) == pytest.approx(1 / 3)


def test_fraction_averages_prompts_and_rejects_big_groups():
    assert zero_std_fraction([[1, 1, 1], [0, 1, 1]], 3) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="group_size=4 with 3 samples"):
        zero_std_probability([1, 1, 1], 4)


def test_message_names_share_or_asks_for_more_samples():
    result = {"n_samples": 8, "grpo_signal": {"by_group_size": {"8": 0.25}}}
    assert "25% of prompts would give a zero-std group of 8" in grpo_signal_message(result, 8)
    assert "draw at least 16" in grpo_signal_message(result, 16)


def test_mixed_task_results_are_pooled_by_problem_count():
    task = lambda frac, n: {"n_problems": n, "grpo_signal": {"by_group_size": {"2": frac}}}  # noqa: E731
    mixed = {"n_samples": 2, "per_task": {"a": task(0.5, 10), "b": task(1.0, 30)}}
    assert "88% of prompts" in grpo_signal_message(mixed, 2)
