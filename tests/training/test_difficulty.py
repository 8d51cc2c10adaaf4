"""The difficulty-aware sampler: outcomes per prompt, weights, draws, TRL's index pattern, the reward watch, state."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from trl.trainer.utils import RepeatSampler

from rewards.errors import OptionError, RlvrError
from training.difficulty import EASY, HARD, MIXED, UNSEEN, DifficultySampler, DifficultyTracker

PROMPTS = [f"{a}+{a}=" for a in range(10)]


def _scored(tracker, groups):
    """Feed one batch: ``groups`` maps a prompt index to its G totals."""
    prompts = [PROMPTS[i] for i, totals in groups.items() for _ in totals]
    tracker.observe(prompts, [t for totals in groups.values() for t in totals])


def test_the_weight_is_the_chance_of_a_mixed_group_from_the_evidence():
    tracker = DifficultyTracker(PROMPTS, group_size=4, floor=1e-9, sharpness=1.0)
    _scored(tracker, {0: [1, 0, 1, 0], 1: [1, 1, 1, 1], 2: [0, 0, 0, 0], 3: [0.2, 0.2, 0.2, 0.2]})
    assert tracker.outcome[:5].tolist() == [MIXED, EASY, HARD, HARD, UNSEEN]
    assert tracker.pools() == {"unseen": 6, "mixed": 1, "easy": 1, "hard": 2}
    chance = tracker.mixed_chance()
    # The task passed 6 of 16 completions: prior Beta(2 * 7/18, 2 * 11/18). Prompt 0 adds 2 passes, 2 failures.
    a, b = 2 + 2 * 7 / 18, 2 + 2 * 11 / 18
    all_pass = (a / (a + b)) * ((a + 1) / (a + b + 1)) * ((a + 2) / (a + b + 2)) * ((a + 3) / (a + b + 3))
    all_fail = (b / (a + b)) * ((b + 1) / (a + b + 1)) * ((b + 2) / (a + b + 2)) * ((b + 3) / (a + b + 3))
    assert chance[0] == pytest.approx(1 - all_pass - all_fail)
    assert chance[0] > chance[4] > chance[1] and chance[4] > chance[2]  # mixed > unseen > all right / all wrong
    assert tracker.weights() == pytest.approx(chance)


def test_sharpness_and_floor_shape_the_weights():
    tracker = DifficultyTracker(PROMPTS, group_size=4, floor=0.05, sharpness=4.0)
    _scored(tracker, {0: [1, 0, 1, 0], 1: [1, 1, 1, 1]})
    chance, weights = tracker.mixed_chance(), tracker.weights()
    assert weights[0] == pytest.approx(chance[0] ** 4)
    assert weights[1] == pytest.approx(max(0.05, chance[1] ** 4))
    assert weights.min() >= 0.05


def test_evidence_fades_so_a_zero_std_prompt_comes_back():
    tracker = DifficultyTracker(PROMPTS, group_size=8, half_life=5)
    _scored(tracker, {1: [1] * 8, 0: [1, 0] * 4})
    climb = []
    for _ in range(30):
        climb.append(float(tracker.weights()[1]))
        _scored(tracker, {2: [1, 0] * 4})
    assert climb[0] == pytest.approx(0.05)  # at the floor right after its group
    assert climb[0] < climb[10] < climb[-1] and climb[-1] > 0.3  # back near an unseen prompt's weight (0.79 ** 4)
    assert tracker.wins[1] == 8  # stored as of its last group; the fade applies when weighing


def test_draws_are_distinct_seeded_and_favour_prompts_that_teach():
    a, b = DifficultyTracker(PROMPTS, seed=3), DifficultyTracker(PROMPTS, seed=3)
    groups = {i: [1] * 8 if i < 5 else [0, 1] * 4 for i in range(10)}  # 0..4 all right, 5..9 half right
    _scored(a, groups)
    _scored(b, groups)
    draws = [a.draw(4) for _ in range(400)]
    assert draws == [b.draw(4) for _ in range(400)]  # the same stream on every rank
    assert all(len(set(d)) == 4 for d in draws)
    counts = Counter(i for d in draws for i in d)
    easy, mixed = sum(counts[i] for i in range(5)), sum(counts[i] for i in range(5, 10))
    assert easy < 0.1 * mixed


def test_a_mixture_task_that_gives_no_signal_is_drawn_less_before_its_prompts_are_seen():
    tasks = ["easy"] * 5 + ["other"] * 5
    tracker = DifficultyTracker(PROMPTS, tasks)
    _scored(tracker, {0: [1] * 8, 1: [1] * 8, 2: [1] * 8, 5: [0, 1] * 4, 6: [1, 0] * 4})
    weights = tracker.weights()
    assert weights[7] > 5 * weights[3]  # unseen prompts of each task
    pools = tracker.pools()
    assert pools["easy/easy"] == 3 and pools["easy/hard"] == 0 and pools["other/mixed"] == 2
    assert pools["easy/unseen"] == 2 and pools["unseen"] == 5


def test_sampler_keeps_trls_index_pattern_and_length():
    tracker = DifficultyTracker(PROMPTS)
    sampler = DifficultySampler(tracker, mini_repeat_count=2, batch_size=3, repeat_count=2)
    reference = RepeatSampler(PROMPTS, mini_repeat_count=2, batch_size=3, repeat_count=2, seed=0)
    indices = list(sampler)
    assert len(indices) == len(sampler) == len(reference) == len(list(reference))
    block = indices[:12]  # one batch: 3 prompts x 2 completions, repeated twice
    assert block[:6] == block[6:] and block[0] == block[1] and len(set(block)) == 3


def test_sampler_sees_scores_between_batches():
    tracker = DifficultyTracker(PROMPTS[:4], floor=1e-9)
    it = iter(DifficultySampler(tracker, mini_repeat_count=1, batch_size=2, repeat_count=1))
    first = [next(it), next(it)]
    _scored(tracker, {i: [1] * 8 for i in first} | {5: [0, 1] * 4})  # both all right: the next batch is the others
    assert sorted([next(it), next(it)]) == sorted(set(range(4)) - set(first))


def test_watch_sums_weighted_rewards_in_any_call_order():
    tracker = DifficultyTracker(PROMPTS)
    seen = []

    def correct(prompts, completions, **kw):
        return [1.0 if c == "ok" else 0.0 for c in completions]

    def fmt(prompts, completions, **kw):
        return [None, 1.0, 1.0, 1.0]

    logged = {}
    watched = tracker.watch([correct, fmt], [1.0, 0.5])
    assert [w.__name__ for w in watched] == ["correct", "fmt"]
    prompts = [PROMPTS[0]] * 2 + [PROMPTS[1]] * 2
    completions = ["ok", "no", "ok", "ok"]
    watched[1](prompts=prompts, completions=completions, log_metric=logged.__setitem__)
    assert tracker.batches == 0  # waits for every reward of the batch
    seen.append(watched[0](prompts=prompts, completions=completions, log_metric=logged.__setitem__))
    assert seen == [[1.0, 0.0, 1.0, 1.0]]  # scores pass through unchanged
    # totals: prompt 0 -> [1.0, 0.5] (mixed); prompt 1 -> [1.5, 1.5] (easy)
    assert tracker.outcome[:2].tolist() == [MIXED, EASY] and tracker.batches == 1
    assert tracker.wins[:2].tolist() == [1, 2] and tracker.losses[:2].tolist() == [1, 0]
    assert logged["difficulty/mixed"] == 1 and logged["difficulty/easy"] == 1


def test_watch_refuses_async_rewards():
    async def slow(prompts, completions, **kw):
        await asyncio.sleep(0)
        return [0.0] * len(completions)

    with pytest.raises(RlvrError, match="synchronous reward functions; 'slow' is async"):
        DifficultyTracker(PROMPTS).watch([slow], None)


def test_state_round_trips_and_refuses_other_prompts(tmp_path):
    tracker = DifficultyTracker(PROMPTS, seed=1)
    _scored(tracker, {0: [1, 1], 1: [0, 1]})
    tracker.draw(3)
    tracker.save(tmp_path / "checkpoint-1")
    again = DifficultyTracker(PROMPTS, seed=1)
    assert again.load(tmp_path / "checkpoint-1")
    assert again.outcome.tolist() == tracker.outcome.tolist() and again.draws == 1 and again.batches == 1
    assert again.weights() == pytest.approx(tracker.weights())
    assert again.draw(3) == tracker.draw(3)
    with pytest.raises(RlvrError, match="other training prompts"):
        DifficultyTracker(PROMPTS[:5]).load(tmp_path / "checkpoint-1")
    assert not DifficultyTracker(PROMPTS).load(tmp_path)


@pytest.mark.parametrize("floor, half_life, message", [(0, 5, "difficulty_floor"), (1.5, 5, "difficulty_floor"),
                                                        (0.1, 0, "difficulty_half_life")])
def test_bad_options_name_the_flag(floor, half_life, message):
    with pytest.raises(OptionError, match=message):
        DifficultyTracker(PROMPTS, floor=floor, half_life=half_life)


def test_a_batch_larger_than_the_train_set_is_refused():
    with pytest.raises(RlvrError, match="needs 20 distinct prompts but the train set has 10"):
        DifficultySampler(DifficultyTracker(PROMPTS), mini_repeat_count=2, batch_size=20, repeat_count=1)
