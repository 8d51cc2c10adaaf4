"""The mbpp env from a local file: the paper's task-id splits, prompts that show fewer tests than are scored, and
reference solutions that pass code_tests in the real sandbox."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import envs
import rewards
from rewards.errors import RlvrError

SAMPLE = Path(__file__).parent.parent / "data" / "mbpp_sample.jsonl"


def test_local_file_splits_by_task_id():
    env = envs.make("mbpp", dataset_file=str(SAMPLE))
    assert env.train["task_id"] == [601, 602] and env.eval["task_id"] == [11, 12]
    assert env.eval["test_setup_code"][1] == "import math"


def test_prompt_shows_only_the_first_test():
    env = envs.make("mbpp", dataset_file=str(SAMPLE))
    prompt, tests = env.eval["prompt"][0], env.eval["test_list"][0]
    assert tests[0] in prompt and tests[1] not in prompt and len(tests) == 3


def test_references_pass_and_wrong_code_scores_partially():
    env = envs.make("mbpp", dataset_file=str(SAMPLE))
    reward = rewards.get("code_tests", slots=2)
    for split in (env.train, env.eval):  # the eval rows need their setup code (import math) on the trusted side
        scores = reward(completions=split["reference"], test_list=split["test_list"],
                        test_setup_code=split["test_setup_code"])
        assert scores == [1.0, 1.0]
    both = env.train
    # Always returning (4, 5) passes 1 of the 3 asserts; never raising fails the ValueError test.
    wrong = ["def similar_elements(a, b):\n    return (4, 5)\n", "def double(x):\n    return 2 * x\n"]
    assert reward(completions=wrong, test_list=both["test_list"], test_setup_code=both["test_setup_code"]) == \
        pytest.approx([1 / 3, 1 / 2])


def test_empty_split_and_bad_file_are_clear_errors(tmp_path):
    only_train = tmp_path / "train.jsonl"
    only_train.write_text(SAMPLE.read_text().splitlines()[2] + "\n")
    with pytest.raises(RlvrError, match=re.escape("MBPP split 'test' is empty")):
        envs.make("mbpp", dataset_file=str(only_train))
    with pytest.raises(RlvrError, match="does not exist"):
        envs.make("mbpp", dataset_file=str(tmp_path / "missing.jsonl"))
