"""Env families: a registered "prefix:*" answers every "prefix:<task>" id, passing task=<task> to its builder."""

import re

import pytest
from datasets import Dataset

import envs


def _build(task, n=2, **kwargs):
    ds = Dataset.from_dict({"prompt": [f"{task} {i}" for i in range(n)], "answer": [str(i) for i in range(n)]})
    return ds, ds


envs.register("test_family:*", _build, rewards=("math_exact",))


def test_family_member_gets_its_task_and_its_own_id():
    env = envs.make("test_family:alpha", n=3)
    assert env.id == "test_family:alpha" and env.kwargs["task"] == "alpha"
    assert env.train["prompt"] == ["alpha 0", "alpha 1", "alpha 2"]
    assert env.fingerprint() != envs.make("test_family:beta", n=3).fingerprint()
    assert "test_family:*" in envs.available()


def test_unknown_family_is_an_unknown_env():
    with pytest.raises(ValueError, match=re.escape("Unknown env 'no_family:x'")):
        envs.make("no_family:x")
