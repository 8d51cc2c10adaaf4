"""The gsm8k and math envs, built offline from small fixture files in the hub datasets' formats."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from datasets import load_dataset

import envs
import rewards
from rewards.errors import RlvrError

FIXTURES = Path(__file__).parent / "fixtures"
GSM8K = str(FIXTURES / "gsm8k_sample.jsonl")
MATH = str(FIXTURES / "math_sample.jsonl")
MATH500 = str(FIXTURES / "math500_sample.jsonl")


def test_gsm8k_gold_is_the_number_after_hashes():
    env = envs.make("gsm8k", dataset_file=GSM8K, eval_percent=0, check=False)
    golds = dict(zip(env.train["question"], env.train["answer"]))
    assert golds[next(q for q in golds if q.startswith("Maria"))] == "1200"  # "#### 1,200"
    assert golds[next(q for q in golds if q.startswith("The temperature"))] == "8"
    assert len(env.train) == 12 and len(env.eval) == 0


def test_gsm8k_split_is_disjoint_and_stable():
    a = envs.make("gsm8k", dataset_file=GSM8K, eval_percent=30, check=False)
    b = envs.make("gsm8k", dataset_file=GSM8K, eval_percent=30, seed=5, check=False)
    assert set(a.train["question"]).isdisjoint(a.eval["question"])
    assert len(a.train) + len(a.eval) == 12 and len(a.eval) > 0
    assert sorted(a.eval["question"]) == sorted(b.eval["question"])


def test_gsm8k_prompt_asks_for_a_boxed_answer_and_chat_wraps_it():
    env = envs.make("gsm8k", dataset_file=GSM8K, eval_file=GSM8K, n_train=3, check=False)
    assert env.train["prompt"][0].startswith(env.train["question"][0])
    assert "\\boxed{}" in env.train["prompt"][0]
    chat = envs.make("gsm8k", dataset_file=GSM8K, eval_file=GSM8K, chat=True, template="Q: {question}", check=False)
    assert chat.train["prompt"][0] == [{"role": "user", "content": "Q: " + chat.train["question"][0]}]
    assert len(chat.eval) == 12


def test_gsm8k_references_score_one_and_bad_gold_is_loud(caplog):
    with caplog.at_level("WARNING", logger="rewards.math"):
        env = envs.make("gsm8k", dataset_file=GSM8K, eval_percent=0)
    assert "gsm8k (train + eval): 1 of 11 distinct gold answers (1 rows) cannot be parsed" in caplog.text
    assert "'A shop sells pens" in caplog.text  # the example names its question
    scores = rewards.get("math_exact")(completions=env.train["reference"], answer=env.train["answer"])
    lost = list(env.train["answer"]).index("")
    assert scores[lost] is None
    assert [s for i, s in enumerate(scores) if i != lost] == [1.0] * 11


def test_math_gold_is_the_last_boxed_of_the_solution(caplog):
    with caplog.at_level("WARNING", logger="rewards.math"):
        env = envs.make("math", dataset_file=MATH, eval_file=MATH500)
    assert "math (train + eval): 1 of 16 distinct gold answers (1 rows) cannot be parsed" in caplog.text
    golds = dict(zip(env.train["question"], env.train["answer"]))
    assert golds["Simplify $\\frac{6}{8}$."] == "\\frac{3}{4}"
    assert golds["Find all $x$ such that $x^2 = 9$."] == "3, -3"
    assert env.train["level"][:3] == [1, 1, 2] and env.train["subject"][0] == "Prealgebra"
    assert env.eval["answer"] == ["56", "\\frac52", "3", "3"]  # MATH-500's answer column wins


def test_math_references_and_model_answers_score_right():
    env = envs.make("math", dataset_file=MATH, eval_file=MATH500, check=False)
    reward = rewards.get("math_exact", deadline=5.0)
    scores = reward(completions=env.train["reference"], answer=env.train["answer"])
    assert scores[:-1] == [1.0] * 12 and scores[-1] is None  # the truncated solution has no usable gold
    answers = ["\\boxed{2.5}", "The answer is 5/2.", "\\boxed{3} or \\boxed{2}", "\\boxed{3.0}"]
    assert reward(completions=answers, answer=env.eval["answer"]) == [0.0, 1.0, 0.0, 1.0]


def test_math_levels_filter_and_parquet(tmp_path):
    parquet = tmp_path / "math.parquet"
    load_dataset("json", data_files=MATH, split="train").to_parquet(str(parquet))
    env = envs.make("math", dataset_file=str(parquet), eval_file=MATH500, levels=[1], check=False)
    assert set(env.train["level"]) == {1} and len(env.train) == 4
    assert env.prompt_template is not None and "{question}" in env.prompt_template


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"dataset_file": "nope.jsonl"}, "Dataset file 'nope.jsonl' does not exist."),
    ({"dataset_file": MATH}, "lacks column(s) ['question', 'answer']"),
    ({"dataset_file": GSM8K, "template": "no placeholder"}, "needs a '{question}' placeholder"),
])
def test_gsm8k_bad_input_errors(kwargs, message):
    with pytest.raises(RlvrError, match=re.escape(message)):
        envs.make("gsm8k", check=False, **kwargs)


def test_hub_loading_offline_names_the_dataset_and_the_fix(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    with pytest.raises(RlvrError, match=re.escape("Cannot load 'openai/gsm8k'")) as info:
        envs.make("gsm8k", check=False)
    assert "dataset_file=" in str(info.value)
