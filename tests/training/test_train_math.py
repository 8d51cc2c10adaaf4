"""`python train.py --env gsm8k|math --env_kwargs dataset_file=...` end to end, offline, on the tiny policy."""

from __future__ import annotations

from pathlib import Path

import pytest

import train

FIXTURES = Path(__file__).parents[1] / "envs" / "fixtures"


def test_cli_resolves_a_local_gsm8k_file():
    script, _ = train.parse_args(["--env", "gsm8k", "--env_kwargs", f"dataset_file={FIXTURES / 'gsm8k_sample.jsonl'}",
                                  "eval_percent=25", "chat=false"])
    kwargs = train.envs.parse_kwargs(script.env_kwargs)
    assert kwargs["eval_percent"] == 25 and kwargs["chat"] is False
    env = train.envs.make(script.env, **kwargs)
    assert len(env.train) + len(env.eval) > 0
    assert [r.__name__ for r in train.resolve_rewards(script, env)] == ["math_exact"]


@pytest.mark.slow
@pytest.mark.parametrize(("env", "file"), [("gsm8k", "gsm8k_sample.jsonl"), ("math", "math_sample.jsonl")])
def test_train_runs_on_a_local_file(tiny_policy, tmp_path, env, file):
    _, _, path = tiny_policy
    results = train.main([
        "--env", env, "--env_kwargs", f"dataset_file={FIXTURES / file}", "eval_percent=30",
        "--model", str(path), "--output_dir", str(tmp_path), "--max_steps", "1", "--num_generations", "2",
        "--per_device_train_batch_size", "4", "--max_completion_length", "8", "--eval_n", "2", "--eval_k", "1",
        "--eval_limit", "2", "--logging_steps", "1",
    ])
    rows = sum(1 for _ in open(FIXTURES / file))
    assert results["env"]["id"] == env and results["rewards"] == ["math_exact"]
    assert results["env"]["n_train"] + results["env"]["n_eval"] == rows and results["env"]["n_eval"] >= 2
    # every sampled eval completion was judged by math_exact: statuses add up to problems x samples
    after = results["after"]
    assert sum(after["status_counts"].values()) >= after["n_problems"] * after["n_samples"]
    assert (tmp_path / "results.json").is_file()
