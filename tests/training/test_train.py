"""train.py end to end with the real GRPOTrainer: tiny runs in seconds, the default run as a slow test."""

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file

import train
from eval.compare import compare, load_pair

ROOT = Path(__file__).resolve().parents[2]

SPY_MODULE = textwrap.dedent("""
    import json, os

    def spy(completions, question, answer, **kwargs):
        '''Rewards a "1" anywhere; records which columns TRL passed in.'''
        with open(os.environ["SPY_LOG"], "a") as f:
            f.write(json.dumps({"keys": sorted(kwargs) + ["answer", "question"], "n": len(completions),
                                "answer": answer[:2]}) + "\\n")
        return [float("1" in c) for c in completions]

    def needs_foo(completions, foo, **kwargs):
        return [0.0] * len(completions)
""")


def tiny_args(path, out, *extra):
    return ["--model", str(path), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10",
            "--max_steps", "4", "--per_device_train_batch_size", "16", "--num_generations", "4",
            "--max_completion_length", "6", "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "2",
            "--eval_limit", "6", *extra]


def test_user_reward_module_trains_and_gets_the_columns(tiny_policy, tmp_path, monkeypatch):
    _, _, path = tiny_policy
    (tmp_path / "mymod.py").write_text(SPY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("SPY_LOG", str(tmp_path / "spy.jsonl"))
    results = train.main(tiny_args(path, tmp_path / "out", "--reward", "math_exact", "--reward", "mymod:spy"))

    probe, *calls = [json.loads(line) for line in (tmp_path / "spy.jsonl").read_text().splitlines()]
    assert probe["n"] == 2  # train.py's pre-run check on 2 held-out rows (envs.check_env), as TRL calls a reward
    assert {"answer", "question", "log_metric", "log_extra", "trainer_state"} <= set(probe["keys"])
    assert calls and all(c["n"] == 16 for c in calls)
    assert {"answer", "question", "reference", "prompts", "completion_ids", "log_metric"} <= set(calls[0]["keys"])
    assert calls[0]["answer"][0] == calls[0]["answer"][1]  # each prompt's columns repeated for its G completions

    logged = {k for row in results["log_history"] for k in row}
    assert {"rewards/math_exact/mean", "rewards/spy/mean", "math_exact/unparsed_rate"} <= logged
    assert results["rewards"] == ["math_exact", "spy"]
    for split in ("before", "after"):
        assert results[split]["n_problems"] == 6 and results[split]["n_samples"] == 2

    before, after = load_file(path / "model.safetensors"), load_file(tmp_path / "out" / "model" / "model.safetensors")
    assert any(not torch.equal(before[k], after[k]) for k in before)
    assert (tmp_path / "out" / "reward_curve.png").stat().st_size > 1000
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert set(saved["before"]) >= {"pass@1", "greedy_accuracy", "n_problems", "n_samples"}


def test_run_ends_with_the_paired_verdict_of_eval_compare(tiny_policy, tmp_path, capsys):
    _, _, path = tiny_policy
    train.main(tiny_args(path, tmp_path / "out"))
    printed = capsys.readouterr().out.rstrip("\n").splitlines()

    report = compare(*load_pair([tmp_path / "out" / "results.json"]))  # what `python -m eval compare` says
    assert report["n_paired"] == 6 and {"pass@1", "pass@2"} <= {m["metric"] for m in report["metrics"]}
    assert printed[-1] == f"paired verdict (6 problems): {report['verdict']}"
    assert printed[-2].startswith(f"results: {tmp_path / 'out' / 'results.json'} | reward curve: ")


def test_each_logging_step_prints_one_line_and_the_whole_dicts_go_to_the_train_log(tiny_policy, tmp_path, capsys):
    _, _, path = tiny_policy
    results = train.main(tiny_args(path, tmp_path / "out", "--eval_every", "2", "--eval_every_limit", "4"))
    printed = capsys.readouterr().out.splitlines()
    steps = [line for line in printed if line.startswith("step ")]
    assert [line.split(" | ")[0] for line in steps] == ["step 1/4", "step 2/4", "step 3/4", "step 4/4"]
    assert all(" | reward " in line and " | zero-std " in line and " | clipped " in line for line in steps)
    assert all(" | unparsed math_exact " in line for line in steps)
    assert [" | held-out pass@1 " in line for line in steps] == [False, True, False, True]
    assert not [line for line in printed if line.startswith("{")]  # the Trainer's dicts are not printed
    logged = [json.loads(line) for line in (tmp_path / "out" / "train_log.jsonl").read_text().splitlines()]
    assert logged == json.loads(json.dumps(results["log_history"]))  # what results.json keeps at the end


def test_a_second_run_into_the_same_output_dir_is_refused_and_leaves_the_first_as_it_was(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    train.main(tiny_args(path, tmp_path / "out", "--max_steps", "1"))
    first = {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*")}
    with pytest.raises(train.rewards.RlvrError, match=re.escape(f"--output_dir {tmp_path / 'out'} already holds a "
                                                                 "run (results.json, before.json, model, ")):
        train.main(tiny_args(path, tmp_path / "out", "--reward", "format_boxed"))
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*")} == first


def test_lora_and_yaml_config(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    (tmp_path / "run.yaml").write_text("max_steps: 2\nlearning_rate: 0.001\n")
    results = train.main(tiny_args(path, tmp_path / "out", "--lora", "--config", str(tmp_path / "run.yaml"),
                                   "--max_steps", "3"))
    assert results["grpo_config"]["max_steps"] == 3  # the flag overrides the YAML
    assert results["grpo_config"]["learning_rate"] == 0.001  # the YAML overrides the default
    assert (tmp_path / "out" / "model" / "adapter_config.json").exists()


def _run_train(*args, env=None):
    return subprocess.run([sys.executable, "train.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=env)


def test_unknown_reward_fails_before_any_model_is_built(tmp_path):
    import os

    env = {**os.environ, "RLVR_KIT_CACHE": str(tmp_path / "cache")}
    proc = _run_train("--reward", "no_such_reward", env=env)
    assert proc.returncode != 0
    assert "Unknown reward 'no_such_reward'" in proc.stderr and "math_exact" in proc.stderr
    assert not (tmp_path / "cache").exists()


def test_missing_column_fails_before_training(tmp_path, monkeypatch):
    (tmp_path / "mymod.py").write_text(SPY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("RLVR_KIT_CACHE", str(tmp_path / "cache"))
    with pytest.raises(train.rewards.MissingColumnError, match="'needs_foo' reads column 'foo'"):
        train.main(["--reward", "mymod:needs_foo", "--output_dir", str(tmp_path / "out")])
    assert not (tmp_path / "cache").exists()


@pytest.mark.slow
def test_default_run_improves_pass_at_1(tmp_path):
    """The README's main run, exactly: offline, default env and model; pass@1 must rise by >= 0.15."""
    import os

    env = {**os.environ, "RLVR_KIT_CACHE": str(tmp_path / "cache"), "HF_HUB_OFFLINE": "1"}
    proc = subprocess.run([sys.executable, "train.py", "--reward", "math_exact", "--output_dir", str(tmp_path / "run")],
                          cwd=ROOT, capture_output=True, text=True, timeout=2400, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    before, after = results["before"], results["after"]
    assert before["n_problems"] >= 200 and before["n_samples"] >= 8
    assert after["pass@1"] >= before["pass@1"] + 0.15, (before, after)
