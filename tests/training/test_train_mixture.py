"""A mixed run with the real GRPOTrainer: per-task reward metrics in the logs, per-task pass rates before/after."""

import json

import pytest
import torch
from safetensors.torch import load_file

import envs
import train
from eval import evaluate
from eval.compare import compare, load_pair

MIX = "arithmetic:0.5,countdown:0.5"
ENV_KWARGS = {"arithmetic.digits": 1, "n_train": 60, "n_eval": 6}


def test_mixed_run_logs_per_task_metrics_and_pass_rates(tiny_policy, tmp_path, capsys):
    # The session's tiny arithmetic policy: its byte-level tokenizer covers countdown prompts too, and this test is
    # about the plumbing of a mixed run, not about what the model learns.
    model, tokenizer, path = tiny_policy
    env = envs.make(MIX, **ENV_KWARGS)
    out = tmp_path / "out"
    results = train.main([
        "--model", str(path), "--env", MIX, "--env_kwargs", *(f"{k}={v}" for k, v in ENV_KWARGS.items()),
        "--output_dir", str(out), "--max_steps", "3", "--per_device_train_batch_size", "32", "--num_generations", "4",
        "--max_completion_length", "16", "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "2",
    ])

    assert results["rewards"] == ["arithmetic/math_exact", "countdown/countdown"]
    assert {t: d["weight"] for t, d in results["env"]["tasks"].items()} == {"arithmetic": 0.5, "countdown": 0.5}
    logged = [row for row in results["log_history"] if "reward" in row]
    assert len(logged) == 3
    for task_metric in ("rewards/arithmetic/math_exact/mean", "rewards/countdown/countdown/mean",
                        "arithmetic/math_exact/unparsed_rate", "countdown/countdown/unparsed_rate"):
        values = [row[task_metric] for row in logged if row.get(task_metric) is not None]
        assert values and all(0.0 <= v <= 1.0 for v in values), task_metric

    saved = json.loads((out / "results.json").read_text())
    for split in ("before", "after"):
        per_task = saved[split]["per_task"]
        assert set(per_task) == {"arithmetic", "countdown"}
        assert all(r["n_problems"] == 6 and r["n_samples"] == 2 and 0 <= r["pass@1"] <= 1 for r in per_task.values())
        pooled = sum(r["pass@2"] for r in per_task.values()) / 2
        assert saved[split]["pass@2"] == pytest.approx(pooled) and saved[split]["n_problems"] == 12

    # one paired verdict per task under its table, the pooled one last: eval.compare's on results.json
    printed = capsys.readouterr().out.rstrip("\n").splitlines()
    for task in ("arithmetic", "countdown"):
        task_verdict = compare(saved["before"]["per_task"][task], saved["after"]["per_task"][task])["verdict"]
        assert f"paired verdict ({task}, 6 problems): {task_verdict}" in printed
    assert printed[-1] == f"paired verdict (12 problems): {compare(*load_pair([out / 'results.json']))['verdict']}"

    # the per-task "before" is exactly what evaluating that env alone gives
    countdown = next(c for c in env.components if c.id == "countdown")
    alone = evaluate(model, tokenizer, countdown, n=2, ks=[1, 2], temperature=1.0, max_new_tokens=16, seed=0)
    assert saved["before"]["per_task"]["countdown"] == json.loads(json.dumps(alone.to_dict()))

    trained = load_file(out / "model" / "model.safetensors")
    start = load_file(path / "model.safetensors")
    assert any(not torch.equal(start[k], trained[k]) for k in start)
