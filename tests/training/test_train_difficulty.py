"""train.py with --difficulty_sampling and --train_filter, on the real GRPOTrainer and the tiny test policy."""

from __future__ import annotations

import json

import pytest
from test_train import tiny_args

import envs
import train
from eval.cache import prompt_key
from eval.pass_rates import filter_train
from rewards.errors import RlvrError


def test_difficulty_sampling_logs_pools_checkpoints_and_resumes(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    out = tmp_path / "out"
    flags = ["--difficulty_sampling", "--save_strategy", "steps", "--save_steps", "2"]
    first = train.main(tiny_args(path, out, *flags, "--max_steps", "2"))
    n_train = first["env"]["n_train"]
    pools = [row for row in first["log_history"] if "difficulty/mixed" in row]
    assert len(pools) == 2
    for row in pools:  # every training prompt is in exactly one pool
        assert sum(row[f"difficulty/{p}"] for p in ("unseen", "mixed", "easy", "hard")) == n_train
    assert pools[-1]["difficulty/unseen"] < pools[0]["difficulty/unseen"] < n_train
    state = json.loads((out / "checkpoint-2" / "difficulty.json").read_text())
    assert state["batches"] == 2 and state["draws"] >= 2

    resumed = train.main(tiny_args(path, out, *flags, "--max_steps", "4", "--resume_from_checkpoint", "true"))
    after = [row for row in resumed["log_history"] if "difficulty/mixed" in row and row["step"] > 2]
    assert after and after[0]["difficulty/unseen"] <= pools[-1]["difficulty/unseen"]  # continued, not restarted
    assert json.loads((out / "checkpoint-4" / "difficulty.json").read_text())["batches"] == 4


def test_a_resume_with_the_sampler_switched_is_refused(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    out = tmp_path / "out"
    train.main(tiny_args(path, out, "--save_strategy", "steps", "--save_steps", "2", "--max_steps", "2"))
    with pytest.raises(RlvrError, match="difficulty_sampling"):
        train.main(tiny_args(path, out, "--difficulty_sampling", "--max_steps", "4", "--resume_from_checkpoint",
                             "true"))


def _filter_file(tmp_path, env, kept_prompts):
    record = {"keep": "(0,1)", "env": {"id": env.id},
              "problems": [{"key": prompt_key(p), "pass_rate": 0.5, "kept": p in kept_prompts}
                           for p in env.train["prompt"]]}
    (tmp_path / "filter.json").write_text(json.dumps(record))
    return tmp_path / "filter.json"


def test_train_filter_trains_on_the_kept_problems_only(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    env = envs.make("arithmetic", digits=1, n_train=90, n_eval=10)
    kept = env.train["prompt"][:20]
    results = train.main(tiny_args(path, tmp_path / "out", "--train_filter", str(_filter_file(tmp_path, env, kept)),
                                   "--difficulty_sampling", "--max_steps", "1"))
    assert results["env"]["train_filter"]["kept"] == 20 and results["env"]["train_filter"]["of"] == len(env.train)
    row = next(r for r in results["log_history"] if "difficulty/mixed" in r)
    assert sum(row[f"difficulty/{p}"] for p in ("unseen", "mixed", "easy", "hard")) == 20


def test_train_filter_names_what_is_wrong(tmp_path):
    env = envs.make("arithmetic", digits=1, n_train=90, n_eval=10)
    path = _filter_file(tmp_path, env, [])
    with pytest.raises(RlvrError, match="keeps 0 problems, none of them in this run's train split"):
        filter_train(env.train, env.id, path)
    with pytest.raises(RlvrError, match="was made for env 'arithmetic', not 'countdown'"):
        filter_train(env.train, "countdown", path)
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(RlvrError, match="not a filter written by `python -m eval filter`"):
        filter_train(env.train, env.id, tmp_path / "bad.json")
    with pytest.raises(RlvrError, match="does not exist"):
        filter_train(env.train, env.id, tmp_path / "missing.json")


def test_difficulty_sampling_in_a_mixture_keeps_pools_per_task(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    kwargs = ["arithmetic.digits=1", "n_train=60", "n_eval=6"]
    results = train.main(["--model", str(path), "--env", "arithmetic:0.5,countdown:0.5", "--env_kwargs", *kwargs,
                          "--output_dir", str(tmp_path / "out"), "--max_steps", "3", "--per_device_train_batch_size",
                          "32", "--num_generations", "4", "--max_completion_length", "12", "--logging_steps", "1",
                          "--eval_n", "2", "--eval_k", "1", "--difficulty_sampling"])
    last = [row for row in results["log_history"] if "difficulty/mixed" in row][-1]
    for task in ("arithmetic", "countdown"):
        per_task = [last[f"difficulty/{task}/{p}"] for p in ("unseen", "mixed", "easy", "hard")]
        assert sum(per_task) == results["env"]["tasks"][task]["n_train_mixed"], task
    assert last["difficulty/countdown/hard"] > 0  # the arithmetic policy never solves countdown
    assert sum(last[f"difficulty/{p}"] for p in ("unseen", "mixed", "easy", "hard")) == results["env"]["n_train"]
