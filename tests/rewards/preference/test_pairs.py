"""Preference pairs: default pairs built from an env, and loading user pairs with clear errors on bad input."""

import json
import re

import pytest
from datasets import Dataset

import rewards
from rewards.errors import MissingColumnError, RlvrError
from rewards.preference.pairs import env_pairs, load_pairs, split_pairs


def test_default_pairs_prefer_the_verified_answer(tiny_env):
    train, heldout = env_pairs(tiny_env, pairs_per_problem=4, heldout_problems=20, seed=0)
    assert len(train) == 4 * (len(tiny_env.train) - 20) and len(heldout) == 4 * 20
    # Held-out pairs come from problems the training pairs never show.
    assert not set(train["prompt"]) & set(heldout["prompt"])
    assert set(heldout["prompt"]) == set(tiny_env.train["prompt"][-20:])
    math_exact = rewards.get("math_exact")
    gold = {p: a for p, a in zip(tiny_env.train["prompt"], tiny_env.train["answer"])}
    answers = [gold[p] for p in train["prompt"]]
    assert math_exact(completions=train["chosen"], answer=answers) == [1.0] * len(train)
    wrong = [i for i, k in enumerate(train["kind"]) if k != "malformed"]
    assert math_exact(completions=[train["rejected"][i] for i in wrong], answer=[answers[i] for i in wrong]) \
        == [0.0] * len(wrong)
    malformed = [r for r, k in zip(train["rejected"], train["kind"]) if k != "wrong_answer"]
    assert malformed and not any(re.fullmatch(r"\\boxed\{-?\d+\}", r) for r in malformed)
    assert set(train["kind"]) == {"wrong_answer", "malformed", "wrong_and_malformed"}
    assert all(c != r for c, r in zip(train["chosen"], train["rejected"]))


def test_default_pairs_are_reproducible_and_seeded(tiny_env):
    a, _ = env_pairs(tiny_env, heldout_problems=20, seed=0)
    b, _ = env_pairs(tiny_env, heldout_problems=20, seed=0)
    c, _ = env_pairs(tiny_env, heldout_problems=20, seed=1)
    assert a["rejected"] == b["rejected"] and a["rejected"] != c["rejected"]


def test_conversational_env_gives_conversational_pairs():
    import envs

    env = envs.make("arithmetic", digits=1, n_train=40, n_eval=5, chat=True)
    train, _ = env_pairs(env, heldout_problems=10)
    assert train[0]["prompt"][0]["role"] == "user"
    assert train[0]["chosen"][0]["role"] == "assistant" and train[0]["chosen"][0]["content"].startswith("\\boxed{")


def _write_jsonl(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_load_jsonl_and_parquet(tmp_path):
    rows = [{"prompt": f"{i}+1=", "chosen": f"\\boxed{{{i + 1}}}", "rejected": f"{i}"} for i in range(5)]
    from_jsonl = load_pairs(_write_jsonl(tmp_path / "pairs.jsonl", rows))
    Dataset.from_list(rows).to_parquet(str(tmp_path / "pairs.parquet"))
    from_parquet = load_pairs(str(tmp_path / "pairs.parquet"))
    Dataset.from_list(rows).save_to_disk(str(tmp_path / "saved"))
    from_disk = load_pairs(str(tmp_path / "saved"))
    assert from_jsonl.to_list() == from_parquet.to_list() == from_disk.to_list() == rows


def test_pairs_missing_a_column_name_it(tmp_path):
    path = _write_jsonl(tmp_path / "pairs.jsonl", [{"prompt": "1+1=", "chosen": "\\boxed{2}", "worse": "3"}])
    with pytest.raises(MissingColumnError,
                       match=re.escape("lacks column(s) 'rejected'; columns present: prompt, chosen, worse")):
        load_pairs(path)


def test_empty_file_is_an_error(tmp_path):
    path = tmp_path / "pairs.jsonl"
    path.write_text("")
    with pytest.raises(RlvrError, match=re.escape(f"Preference data {str(path)!r} is an empty file")):
        load_pairs(str(path))


def test_unknown_suffix_and_missing_source(tmp_path):
    (tmp_path / "pairs.csv").write_text("prompt,chosen,rejected\n")
    with pytest.raises(RlvrError, match=re.escape("has suffix '.csv'; use .jsonl, .json or .parquet")):
        load_pairs(str(tmp_path / "pairs.csv"))
    with pytest.raises(RlvrError,
                       match=re.escape(f"Preference data file {str(tmp_path / 'gone.jsonl')!r} does not exist")):
        load_pairs(str(tmp_path / "gone.jsonl"))
    with pytest.raises(RlvrError, match=re.escape("Cannot load preference data 'no-such/pairs-dataset'")):
        load_pairs("no-such/pairs-dataset")


def test_split_keeps_each_prompt_on_one_side():
    rows = [{"prompt": f"p{i % 30}", "chosen": "a", "rejected": "b"} for i in range(300)]
    train, heldout = split_pairs(Dataset.from_list(rows), 0.2, seed=0)
    assert len(train) + len(heldout) == 300
    assert not set(train["prompt"]) & set(heldout["prompt"])
    assert 0 < len(set(heldout["prompt"])) < 30
    with pytest.raises(RlvrError, match="both need at least one pair"):
        split_pairs(Dataset.from_list(rows[:1]), 0.2)


def test_policy_failures_become_pairs_on_their_own_problem(tiny_env):
    wrong = [[f"\\boxed{{{int(a) + 1}}}", "oops"] for a in tiny_env.train["answer"]]
    train, heldout = env_pairs(tiny_env, pairs_per_problem=1, heldout_problems=20, policy_wrong=wrong)
    ours = [r for r in train.to_list() if r["kind"] == "policy_wrong"]
    assert len(ours) == 2 * (len(tiny_env.train) - 20) and heldout["kind"].count("policy_wrong") == 40
    gold = dict(zip(tiny_env.train["prompt"], tiny_env.train["answer"]))
    assert all(r["rejected"] in (f"\\boxed{{{int(gold[r['prompt']]) + 1}}}", "oops") for r in ours)
    assert all(r["chosen"] == f"\\boxed{{{gold[r['prompt']]}}}" for r in ours)
