"""envs.check_env over every registered env that builds offline, and the checks that refuse a broken env."""

from __future__ import annotations

import subprocess
import sys

import pytest
from datasets import Dataset

import envs
from rewards.errors import RlvrError

OFFLINE = {"arithmetic": {}, "arithmetic_choice": {}, "countdown": {}, "products_calculator": {}, "products_python": {},
           "humaneval": {"train_percent": 50}, "humaneval_python": {"train_percent": 50},
           "arithmetic:0.5,countdown:0.5": {}, "word_guess": {}, "number_search": {}, "maze": {}}


def test_offline_ids_cover_every_registered_env_that_needs_no_download():
    needs_download = {"gsm8k", "gsm8k_python", "math", "math_python", "mbpp", "mbpp_python", "reasoning_gym:*",
                      "multiple_choice",  # needs a local file: tests/envs/test_choice_envs.py
                      "openenv:*"}  # an OpenEnv environment to load: tests/envs/test_openenv_load.py checks one
    builtin = subprocess.run([sys.executable, "-c", "import envs; print(*envs.available())"], capture_output=True,
                             text=True, check=True).stdout.split()  # a fresh registry: other tests register more
    assert "arithmetic" in builtin and set(builtin) - needs_download <= set(OFFLINE)


@pytest.mark.parametrize("env_id", sorted(OFFLINE))
def test_every_offline_env_passes(env_id):
    envs.check_env(envs.make(env_id, **OFFLINE[env_id]))


def test_an_env_that_trains_on_its_eval_problems_is_refused():
    env = envs.make("arithmetic", n_train=8, n_eval=4)
    env.eval = env.train.select(range(4))
    with pytest.raises(RlvrError, match="trains on its evaluation problems"):
        envs.check_env(env, rewards=False)


def test_a_prompt_of_another_kind_is_refused():
    env = envs.make("arithmetic", n_train=8, n_eval=4)
    rows = env.train.to_list()
    rows[0]["prompt"] = ""  # a string among strings is fine; an empty list is neither kind
    env.train = Dataset.from_list(rows)
    envs.check_env(env, rewards=False)
    env.train = Dataset.from_list([{**r, "prompt": [] if i == 0 else [{"role": "user", "content": r["prompt"]}]}
                                   for i, r in enumerate(rows)])
    with pytest.raises(RlvrError, match=r"'train' prompts mix kinds or hold '\[\]'"):
        envs.check_env(env, rewards=False)
