"""``train.py --env openenv:...`` and ``python -m eval --env openenv:...`` on an OpenEnv env this repo did not write
(the echo env ``openenv init`` scaffolds) and on a served rlvr-kit env loaded back; the evaluation runs through the
same tool loop and ``env_reward`` as training, each episode reset with its row's seed."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openenv")
from openenv.core.env_server.http_server import create_app  # noqa: E402

import envs  # noqa: E402
import train  # noqa: E402
from envs.openenv.serve import app  # noqa: E402
from eval.__main__ import main as eval_cli  # noqa: E402
from eval.harness import evaluate  # noqa: E402
from eval.policy import load_causal_lm  # noqa: E402
from eval.rollouts import read_rollouts  # noqa: E402
from tests.envs.openenv_server import ECHO, echo_traces, free_port, running, tiny_tool_policy, until  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

ECHO_SIZES = ["n_train=12", "n_eval=6"]


@pytest.fixture(scope="module")
def echo_policy(echo, tmp_path_factory):
    """A tiny tool caller fitted to echo episodes (it calls ``step``, then says it is done)."""
    env = envs.make(f"openenv:{ECHO}", n_train=12, n_eval=6)
    return tiny_tool_policy(echo_traces(env), [env.environment_factory().step], tmp_path_factory.mktemp("echo_policy"))


def check_echo_result(result):
    assert result["tools"]["calls_per_rollout"] > 0  # the model's calls ran as steps of the environment
    assert result["unscorable"]["completions"] == 0
    assert sum(result["status_counts"].values()) == result["n_problems"] * result["n_samples"]
    assert result["pass@1"] is not None and 0.0 <= result["pass@1"] <= 1.0
    assert "without_tools" not in result  # nothing scores an answer without its episode


@pytest.mark.slow
def test_python_m_eval_evaluates_the_scaffolded_echo_env_in_process_and_served(echo, echo_policy, tmp_path):
    args = ["--model", str(echo_policy), "--n", "2", "--k", "1", "--max-new-tokens", "96", "--max-tool-turns", "2"]
    in_process = eval_cli(["--env", f"openenv:{ECHO}", "--env-kwargs", *ECHO_SIZES, *args, "--out",
                           str(tmp_path / "in_process")])
    check_echo_result(in_process)
    assert not (tmp_path / "in_process" / "cache").exists()  # an episode's text has no episode to score again
    scaffold = create_app(echo.EchoEnvironment, echo.EchoAction, echo.EchoObservation, max_concurrent_envs=32)
    with running(scaffold) as url:
        served = eval_cli(["--env", f"openenv:{url}", "--env-kwargs", *ECHO_SIZES, *args, "--out",
                           str(tmp_path / "served")])
    check_echo_result(served)


@pytest.mark.slow
def test_train_py_trains_on_the_served_echo_env(echo, echo_policy, tmp_path):
    scaffold = create_app(echo.EchoEnvironment, echo.EchoAction, echo.EchoObservation, max_concurrent_envs=32)
    with running(scaffold) as url:
        results = train.main(["--env", f"openenv:{url}", "--env_kwargs", *ECHO_SIZES, "--model", str(echo_policy),
                              "--max_steps", "2", "--per_device_train_batch_size", "8", "--num_generations", "4",
                              "--max_completion_length", "96", "--max_tool_calling_iterations", "2",
                              "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1",
                              "--output_dir", str(tmp_path / "run")])
    steps = [h for h in results["log_history"] if "env_reward/unscorable_rate" in h]
    assert len(steps) == 2
    assert all(h["env_reward/unscorable_rate"] == 0.0 for h in steps)  # every rollout scored by the server
    assert max(h["tools/call_frequency"] for h in steps) > 0
    check_echo_result(results["before"])
    check_echo_result(results["after"])


# The served and in-process runs share model, problems, prompts and seeds; whether they also share every random draw
# depends on how each batches generation (one generate call with n sequences per prompt in process, one sequence per
# rollout through the tool loop) and on padding, which may move a float and so a draw. The test does not rely on it:
# two independent estimates of one pass@1 over N problems with n samples each differ by more than
# 4 * sqrt(2 * 1/4 / (N n)) with probability < 1e-4 (each sample passes with some p_i, of variance p_i(1 - p_i) at
# most 1/4). On this box the two came out equal (0.167 both, greedy 0.167 both).
PROBLEMS, SAMPLES = 24, 8
TOLERANCE = 4 * math.sqrt(2 * 0.25 / (PROBLEMS * SAMPLES))  # ~0.20
ARITHMETIC = {"digits": 1, "chat": True, "n_train": 60, "n_eval": 30}


@pytest.fixture(scope="module")
def arithmetic_policy(tmp_path_factory):
    """A tiny policy with the tool chat template (TRL needs one for any environment), fitted to one-digit sums."""
    arithmetic = envs.make("arithmetic", **ARITHMETIC)
    traces = [[*row["prompt"], {"role": "assistant", "content": row["reference"]}] for row in arithmetic.train]
    return tiny_tool_policy(traces, [], tmp_path_factory.mktemp("arithmetic_policy"), steps=120)


@pytest.mark.slow
def test_a_served_rlvr_env_loaded_back_reproduces_the_in_process_pass_rate(arithmetic_policy, tmp_path):
    arithmetic = envs.make("arithmetic", **ARITHMETIC)
    with running(app(arithmetic, max_concurrent=SAMPLES * PROBLEMS + 8)) as url:
        served_env = envs.make(f"openenv:{url}", n_train=1, n_eval=PROBLEMS)
        served = eval_cli(["--env", f"openenv:{url}", "--env-kwargs", "n_train=1", f"n_eval={PROBLEMS}", "--model",
                           str(arithmetic_policy), "--n", str(SAMPLES), "--k", "1", "--max-new-tokens", "16",
                           "--max-tool-turns", "0", "--seed", "3", "--out", str(tmp_path / "served")])
    # The same problems in process: each served row's seed picked one of arithmetic's eval problems.
    by_prompt = {row["prompt"][0]["content"]: row for row in arithmetic.eval}
    rows = [by_prompt[p[0]["content"]] for p in served_env.eval["prompt"]]
    local_env = dataclasses.replace(arithmetic, eval=arithmetic.eval.from_list(rows))
    model, tokenizer = load_causal_lm(str(arithmetic_policy))
    local = evaluate(model, tokenizer, local_env, n=SAMPLES, ks=(1,), max_new_tokens=16, seed=3, verbose=False)
    assert served["unscorable"]["completions"] == 0
    assert 0.05 < local.pass_at_k[1] < 0.95, local.pass_at_k  # a rate that sampling noise could move
    assert abs(served["pass@1"] - local.pass_at_k[1]) <= TOLERANCE, (served["pass@1"], local.pass_at_k)
    assert served["greedy_accuracy"] == pytest.approx(local.greedy_accuracy, abs=2 / PROBLEMS)


@pytest.mark.slow
def test_a_server_killed_mid_run_leaves_its_rollouts_unscored_and_trips_the_breaker(arithmetic_policy, tmp_path):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "envs", "serve", "arithmetic",
                               *[f"{k}={v}" for k, v in ARITHMETIC.items()], "--port", str(port),
                               "--max-concurrent", "64"], cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    run = tmp_path / "run"
    log = run / "train_log.jsonl"
    try:
        assert until(lambda: _answers(f"http://127.0.0.1:{port}/health"), 120), "the server did not start"
        trainer = subprocess.Popen(
            [sys.executable, "train.py", "--env", f"openenv:http://127.0.0.1:{port}", "--env_kwargs", "n_train=32",
             "n_eval=4", "timeout=5", "--model", str(arithmetic_policy), "--max_steps", "40",
             "--per_device_train_batch_size", "16", "--num_generations", "4", "--max_completion_length", "16",
             "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "--breaker_steps", "2",
             "--output_dir", str(run)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert until(lambda: log.exists() and "env_reward/unscorable_rate" in log.read_text()
                     or trainer.poll() is not None, 600)
        assert trainer.poll() is None, trainer.communicate()[0][-3000:]  # still training when the server goes
    finally:
        server.kill()  # mid-run: the next steps' rollouts reach no server
        server.wait(30)
    output, _ = trainer.communicate(timeout=600)
    steps = [line for line in map(json.loads, log.read_text().splitlines()) if "env_reward/unscorable_rate" in line]
    assert trainer.returncode != 0 and "env_reward/unscorable_rate" in output, output[-3000:]  # the breaker stopped it
    rates = [s["env_reward/unscorable_rate"] for s in steps]
    assert rates[0] == 0.0 and rates[-1] == 1.0, rates
    # The kill can land inside a step's scoring: that one step is partly unscored, every later one wholly.
    assert rates == sorted(rates) and sum(0.0 < r < 1.0 for r in rates) <= 1, rates
    assert all(r > 0.5 for r in rates[-2:]), rates  # every rollout unscored past the breaker's rate...
    assert len(steps) < 40
    rows = read_rollouts(run)
    unscored = [r for r in rows if r["rewards"][0] is None]
    assert unscored and len(unscored) < len(rows)
    assert all(r["reward"] is None and r["advantage"] == 0.0 for r in unscored)  # ...and none trained on as 0


def _answers(url: str) -> bool:
    import httpx

    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_an_evaluation_whose_server_is_gone_leaves_every_rollout_out_of_pass_at_k(echo):
    from eval.policy import TinyPolicyConfig, train_tokenizer
    from eval.tool_policy import add_tool_template, tool_model

    scaffold = create_app(echo.EchoEnvironment, echo.EchoAction, echo.EchoObservation, max_concurrent_envs=8)
    with running(scaffold) as url:
        env = envs.make(f"openenv:{url}", n_train=1, n_eval=3, timeout=5)
    tokenizer = add_tool_template(train_tokenizer(env.eval["prompt"][0][0]["content"].split(), 300))
    model = tool_model(tokenizer, TinyPolicyConfig(hidden_size=16, layers=1, heads=1, ffn_size=32))
    result = evaluate(model, tokenizer, env, n=2, ks=(1,), max_new_tokens=8, max_tool_turns=1, verbose=False)
    assert result.pass_at_k[1] is None and result.greedy_accuracy is None  # unscored, not failed
    assert result.unscorable["completions"] == 3 * 2 + 3
    assert result.status_counts == {"unscorable": 6}


def test_what_an_env_scored_by_its_environment_cannot_do_is_refused_by_name(echo, tmp_path):
    from eval.tool_policy import tool_traces
    from rewards.errors import RlvrError

    (tmp_path / "config.json").write_text("{}")  # refused before any model is loaded
    with pytest.raises(RlvrError, match=re.escape("--without-tools has nothing to compare on env")):
        eval_cli(["--env", f"openenv:{ECHO}", "--env-kwargs", *ECHO_SIZES, "--model", str(tmp_path),
                  "--without-tools", "--out", str(tmp_path / "out")])
    env = envs.make(f"openenv:{ECHO}", n_train=2, n_eval=2)
    with pytest.raises(RlvrError, match=re.escape("is scored by its environment (env_reward)")):
        evaluate(None, None, env, n=1, withhold_tools=True)
    with pytest.raises(RlvrError, match=re.escape("no tiny tool policy can be warm-started on it")):
        tool_traces(env)  # what train.py and python -m eval build without --model
