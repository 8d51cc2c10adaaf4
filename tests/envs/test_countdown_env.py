"""The countdown env: seeded, references that pass the checker, eval disjoint from train by construction."""

import pytest

import envs
import rewards


@pytest.fixture(scope="module")
def env():
    return envs.make("countdown", n_train=400, n_eval=60, seed=3)


def _problems(dataset):
    return {(tuple(sorted(n)), t) for n, t in zip(dataset["numbers"], dataset["target"])}


def test_every_reference_is_a_valid_solution(env):
    reward = rewards.get("countdown")
    for split in (env.train, env.eval):
        verdicts = reward.verdicts(list(split["reference"]), numbers=list(split["numbers"]),
                                   target=list(split["target"]), integer_steps=list(split["integer_steps"]))
        assert [v.status.value for v in verdicts] == ["correct"] * len(split)


def test_train_and_eval_are_disjoint_and_distinct(env):
    train, eval_ = _problems(env.train), _problems(env.eval)
    assert len(train) == len(env.train) == 400 and len(eval_) == len(env.eval) == 60
    assert not train & eval_
    # a different seed draws different problems, but never puts a train problem of one seed in eval of another
    other = envs.make("countdown", n_train=400, n_eval=60, seed=4)
    assert _problems(other.train) != train
    assert not _problems(other.eval) & train and not _problems(other.train) & eval_


def test_seeded_and_knobs_respected(env):
    again = envs.make("countdown", n_train=400, n_eval=60, seed=3)
    assert again.train["prompt"] == env.train["prompt"] and again.train["reference"] == env.train["reference"]
    assert env.train[0]["prompt"] == env.train[0]["question"] + ":"
    small = envs.make("countdown", count=4, max_number=9, max_target=50, integer_steps=False, n_train=50, n_eval=5)
    assert all(len(n) == 4 and max(n) <= 9 for n in small.train["numbers"])
    assert all(1 <= t <= 50 for t in small.train["target"])
    assert set(small.train["integer_steps"]) == {False}


def test_too_small_problem_space_is_a_clear_error():
    with pytest.raises(ValueError, match="found only .* countdown problems"):
        envs.make("countdown", count=2, max_number=2, n_train=50, n_eval=5)
