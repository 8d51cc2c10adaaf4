"""The multiple-choice envs: procedural arithmetic_choice (seeded, one right option among plausible distractors, the
gold letter spread evenly) and multiple_choice reading local files in the formats GPQA, MMLU-Pro, MMLU, AQuA and ARC
ship in."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from datasets import Dataset

import envs
import rewards
from envs.arithmetic import split_of
from envs.arithmetic_choice import near_misses
from rewards.choice.options import LETTERS
from rewards.errors import RlvrError


def _score(env, split="eval"):
    data = getattr(env, split)
    fn = rewards.get("multiple_choice")
    return fn(completions=list(data["reference"]), **{c: data[c] for c in data.column_names if c != "prompt"})


@pytest.mark.parametrize("digits, operators, n_options", [(1, "+", 4), (2, "+-", 5), (2, "*", 10), (1, "*/", 26)])
def test_one_right_option_among_distinct_distractors(digits, operators, n_options):
    env = envs.make("arithmetic_choice", digits=digits, operators=operators, n_options=n_options, n_train=200,
                    n_eval=20)
    for row in list(env.train) + list(env.eval):
        options, value = row["options"], row["value"]
        assert len(options) == n_options == len(set(options))
        assert options[LETTERS.index(row["answer"])] == value and options.count(value) == 1
        if int(value) >= 0:
            assert all(int(o) >= 0 for o in options)
        assert f"{row['answer']}) {value}" in row["prompt"]
    assert set(env.train["question"]).isdisjoint(env.eval["question"])
    assert all(split_of(q) == "eval" for q in env.eval["question"])
    assert _score(env, "eval") == [1.0] * len(env.eval)


def test_distractors_are_near_misses_and_the_gold_letter_is_spread_evenly():
    env = envs.make("arithmetic_choice", n_train=2000, n_eval=10)
    counts = Counter(env.train["answer"])
    assert set(counts) == set("ABCD") and min(counts.values()) > 400  # 500 each when even
    row = env.train[0]
    plausible = set(map(str, near_misses(row["question"], int(row["value"]))))
    assert set(row["options"]) - {row["value"]} <= plausible


def test_seeded():
    a, b = (envs.make("arithmetic_choice", n_train=30, n_eval=5, seed=3) for _ in range(2))
    c = envs.make("arithmetic_choice", n_train=30, n_eval=5, seed=4)
    assert a.train["options"] == b.train["options"] and a.train["answer"] == b.train["answer"]
    assert a.train["options"] != c.train["options"]


def test_bad_knobs_are_refused_with_the_options_listed():
    with pytest.raises(rewards.OptionError, match="n_options must be 2 to 26"):
        envs.make("arithmetic_choice", n_options=1)
    with pytest.raises(RlvrError, match=re.escape("needs {question} and {options} placeholders")):
        envs.make("arithmetic_choice", n_train=5, n_eval=2, template="no placeholders")


def test_check_env_passes_and_chat_prompts():
    env = envs.make("arithmetic_choice", n_train=20, n_eval=4, chat=True)
    envs.check_env(env)
    assert env.train[0]["prompt"][0]["role"] == "user" and "\nA) " in env.train[0]["prompt"][0]["content"]


QUESTIONS = [f"Which number is {i} + {i}?" for i in range(40)]


def _mmlu_pro(i):
    options = [str(2 * i + d) for d in (-1, 0, 1, 2, 3, 4, 5, 6, 7, 8)]
    return {"question_id": i, "question": QUESTIONS[i], "options": options, "answer": "B", "answer_index": 1,
            "cot_content": "", "category": "math", "src": "test"}


def _gpqa(i):
    return {"Question": QUESTIONS[i], "Correct Answer": str(2 * i), "Incorrect Answer 1": str(2 * i + 1),
            "Incorrect Answer 2": str(2 * i + 2), "Incorrect Answer 3": str(2 * i - 1), "Subdomain": "Arithmetic"}


def _write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def _gold_texts(env, split="train"):
    data = getattr(env, split)
    return [row["options"][LETTERS.index(row["answer"])] for row in data]


def _golds_are_doubles(env) -> bool:
    """Whether each train row's gold option is the double of the number in its question (how these files are made)."""
    doubles = [str(2 * int(re.search(r"\d+", q)[0])) for q in env.train["question"]]
    return _gold_texts(env) == doubles


def test_mmlu_pro_jsonl(tmp_path):
    path = _write_jsonl(tmp_path / "mmlu_pro.jsonl", [_mmlu_pro(i) for i in range(40)])
    env = envs.make("multiple_choice", dataset_file=path)
    assert len(env.train) + len(env.eval) == 40 and len(env.eval) > 0
    assert set(env.train["question"]).isdisjoint(env.eval["question"])
    assert all(len(o) == 10 for o in env.train["options"]) and set(env.train["answer"]) == {"B"}
    assert _golds_are_doubles(env)
    assert "J) " in env.train[0]["prompt"]
    assert _score(env, "train") == [1.0] * len(env.train)
    envs.check_env(env)


def test_mmlu_parquet_with_an_index_gold(tmp_path):
    rows = [{"question": QUESTIONS[i], "subject": "math", "choices": [str(2 * i + 1), str(2 * i), "0", "-1"],
             "answer": 1} for i in range(12)]
    path = tmp_path / "mmlu.parquet"
    Dataset.from_list(rows).to_parquet(str(path))
    env = envs.make("multiple_choice", dataset_file=str(path), eval_percent=50)
    assert set(env.train["answer"]) == {"B"} and _score(env, "train") == [1.0] * len(env.train)


def test_gpqa_options_are_shuffled_by_seed_and_question(tmp_path):
    path = _write_jsonl(tmp_path / "gpqa.jsonl", [_gpqa(i) for i in range(40)])
    env = envs.make("multiple_choice", dataset_file=path, eval_percent=0)
    assert _golds_are_doubles(env)
    assert len(set(env.train["answer"])) == 4  # the correct answer is not always first
    again = envs.make("multiple_choice", dataset_file=path, eval_percent=0)
    assert again.train["options"] == env.train["options"]
    other_seed = envs.make("multiple_choice", dataset_file=path, eval_percent=0, seed=1)
    assert sorted(other_seed.train["options"]) != sorted(env.train["options"])


def test_aqua_and_arc_and_a_separate_eval_file(tmp_path):
    aqua = [{"question": QUESTIONS[i], "options": [f"A){2 * i + 1}", f"B){2 * i + 2}", f"C){2 * i}"],
             "rationale": "", "correct": "C"} for i in range(6)]
    arc = [{"id": str(i), "question": QUESTIONS[i], "answerKey": "1",
            "choices": {"text": [str(2 * i), "x", "y"], "label": ["1", "2", "3"]}} for i in range(6, 10)]
    env = envs.make("multiple_choice", dataset_file=_write_jsonl(tmp_path / "aqua.jsonl", aqua),
                    eval_file=_write_jsonl(tmp_path / "arc.jsonl", arc))
    assert env.train[0]["options"] == ["1", "2", "0"] and set(env.train["answer"]) == {"C"}
    assert set(env.eval["answer"]) == {"A"} and len(env.eval) == 4
    assert _score(env, "train") == [1.0] * 6 and _score(env, "eval") == [1.0] * 4


def test_a_file_the_env_cannot_read_is_a_clear_error(tmp_path):
    with pytest.raises(RlvrError, match="pass dataset_file=<a .jsonl or .parquet file>"):
        envs.make("multiple_choice")
    odd = _write_jsonl(tmp_path / "odd.jsonl", [{"prompt": "x", "completion": "y"}])
    with pytest.raises(RlvrError, match=r"no known multiple-choice format; expected GPQA \(Question"):
        envs.make("multiple_choice", dataset_file=odd)
    bad = [_mmlu_pro(i) for i in range(3)]
    bad[2]["answer"] = "K"  # ten options: A to J
    with pytest.raises(RlvrError, match=r"row 2: .* gold 'K'. A row needs a question, 2 to 26 options"):
        envs.make("multiple_choice", dataset_file=_write_jsonl(tmp_path / "bad.jsonl", bad))
