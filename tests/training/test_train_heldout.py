"""train.py --eval_every with the real GRPOTrainer: held-out pass@k logged during training, checked against the
evaluation of the saved checkpoint at that step, across a resume, and absent (training unchanged) when off."""

from __future__ import annotations

import json
import re

import pytest
from safetensors.torch import load_file

import envs
import train
from eval.mixture import evaluate_by_task
from eval.policy import TinyPolicyConfig, build_or_load, load_causal_lm
from eval.report import curve_series
from rewards.errors import RlvrError
from training.heldout import HeldoutEval, heldout_callbacks, heldout_metrics

# Warm enough (greedy ~0.5 on 1-digit sums, 150-200 SFT steps, ~8 s) that held-out rates are neither 0 nor 1.
WARM = TinyPolicyConfig(hidden_size=32, layers=2, heads=2, ffn_size=64, sft_max_steps=200, sft_batch_size=32,
                        sft_learning_rate=3e-3, n_validation=8, check_every=10, target_accuracy=0.4)
LIMIT, N = 8, 4


@pytest.fixture(scope="module")
def warm_policy(policy_cache, tiny_env):
    return build_or_load(tiny_env, WARM, root=policy_cache)


def run_args(policy, out, *extra):
    # logging_steps 3: the held-out steps 2 and 4 are logged because the callback asks for it, not by the cadence.
    return ["--model", str(policy), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10",
            "--max_steps", "4", "--per_device_train_batch_size", "16", "--num_generations", "4",
            "--learning_rate", "1e-3", "--max_completion_length", "6", "--logging_steps", "3", "--eval_n", "2",
            "--eval_k", "1", "2", "--eval_limit", "6", "--save_strategy", "steps", "--save_steps", "2",
            "--disable_tqdm", "true", *extra]


def heldout_by_step(log_history):
    return {row["step"]: {k: v for k, v in row.items() if k.startswith("heldout/")}
            for row in log_history if any(k.startswith("heldout/") for k in row)}


@pytest.fixture(scope="module")
def measured(warm_policy, tmp_path_factory):
    out = tmp_path_factory.mktemp("heldout") / "run"
    every = ["--eval_every", "2", "--eval_every_limit", str(LIMIT), "--eval_every_n", str(N)]
    return out, train.main(run_args(warm_policy, out, *every))


def test_heldout_rates_are_the_evaluation_of_the_checkpoint_at_that_step(measured, tiny_env):
    out, results = measured
    logged = heldout_by_step(results["log_history"])
    assert sorted(logged) == [2, 4]
    assert set(logged[2]) == {"heldout/pass@1", "heldout/pass@4", "heldout/greedy_accuracy", "heldout/clipped_rate"}
    rows = {row["step"]: row for row in results["log_history"] if "heldout/pass@1" in row}
    assert "reward" in rows[2] and "loss" in rows[2]  # one log entry with that step's train metrics

    for step in (2, 4):  # the saved weights at that step, evaluated on their own with the run's settings and seed
        model, tokenizer = load_causal_lm(str(out / f"checkpoint-{step}"))
        result = evaluate_by_task(model, tokenizer, tiny_env, n=N, ks=[1, N], limit=LIMIT, temperature=1.0,
                                  max_new_tokens=6, seed=0)
        assert logged[step] == heldout_metrics(result), step
    assert 0.0 < logged[4]["heldout/pass@1"] < 1.0  # the sample is not degenerate: equality above means something

    saved = json.loads((out / "results.json").read_text())
    assert heldout_by_step(saved["log_history"]) == logged
    assert curve_series(saved["log_history"])["held-out pass@1"] == [(s, logged[s]["heldout/pass@1"]) for s in (2, 4)]


def test_a_resumed_run_measures_at_the_same_steps_and_gets_the_same_rates(measured, warm_policy, tmp_path):
    out, results = measured
    every = ["--eval_every", "2", "--eval_every_limit", str(LIMIT), "--eval_every_n", str(N)]
    resumed = train.main(run_args(warm_policy, tmp_path / "resumed", *every, "--resume_from_checkpoint",
                                  str(out / "checkpoint-2")))
    assert resumed["resumed_from"] == str(out / "checkpoint-2")
    assert heldout_by_step(resumed["log_history"]) == heldout_by_step(results["log_history"])


def test_off_by_default_and_training_is_the_same_with_it(measured, warm_policy, tmp_path):
    out, _ = measured
    script, _ = train.parse_args(["--output_dir", str(tmp_path)])
    assert script.eval_every == 0
    plain = train.main(run_args(warm_policy, tmp_path / "plain"))
    assert not any(k.startswith("heldout/") for row in plain["log_history"] for k in row)
    assert "held-out pass@1" not in curve_series(plain["log_history"])
    # The evaluation runs under its own RNG state and restores train mode: the trained weights are bit-identical.
    with_eval, without = load_file(out / "model" / "model.safetensors"), load_file(
        tmp_path / "plain" / "model" / "model.safetensors")
    assert with_eval.keys() == without.keys() and all((with_eval[k] == without[k]).all() for k in with_eval)


@pytest.mark.parametrize(("flag", "value", "message"), [
    ("--eval_every", "-1", "--eval_every must be >= 0"),
    ("--eval_every_limit", "0", "--eval_every_limit must be >= 1"),
    ("--eval_every_n", "0", "--eval_every_n must be >= 1"),
])
def test_bad_flags_are_refused_when_parsed(tmp_path, flag, value, message):
    with pytest.raises(RlvrError, match=re.escape(message)):
        train.parse_args(["--output_dir", str(tmp_path), "--eval_every", "2", flag, value])


def test_an_interval_past_the_last_step_is_warned_about(caplog):
    env = envs.make("arithmetic", digits=1, n_train=90, n_eval=10)
    with caplog.at_level("WARNING", logger="training.heldout"):
        assert len(heldout_callbacks(env, {}, every=50, max_steps=20)) == 1
        assert "--eval_every 50 is more than max_steps 20" in caplog.text
        caplog.clear()
        heldout_callbacks(env, {}, every=20, max_steps=20)
        heldout_callbacks(env, {}, every=50, max_steps=-1)  # epochs decide the length: nothing to compare
    assert caplog.text == ""


def test_a_k_above_n_and_a_missing_trainer_are_refused():
    env = envs.make("arithmetic", digits=1, n_train=90, n_eval=10)
    with pytest.raises(ValueError, match="ks"):
        HeldoutEval(env, every=2, n=2, ks=[1, 4])
    with pytest.raises(RlvrError, match=re.escape("HeldoutEval has no trainer to log into")):
        HeldoutEval(env, every=2).on_train_begin(None, None, None)


def test_an_own_script_with_trls_trainer_logs_through_the_bound_callback(warm_policy, tiny_env, tmp_path):
    from trl import GRPOConfig
    from trl import GRPOTrainer as TRLGRPOTrainer

    model, tokenizer = load_causal_lm(str(warm_policy))
    config = GRPOConfig(output_dir=str(tmp_path), max_steps=2, num_generations=4, per_device_train_batch_size=8,
                        max_completion_length=6, learning_rate=1e-3, logging_steps=5, use_cpu=True, bf16=False,
                        report_to="none", save_strategy="no", disable_tqdm=True, gradient_checkpointing=False)
    trainer = TRLGRPOTrainer(model=model, reward_funcs=tiny_env.reward_funcs(), args=config,
                             train_dataset=tiny_env.train, processing_class=tokenizer)
    trainer.add_callback(HeldoutEval(tiny_env, every=1, limit=LIMIT, n=2, trainer=trainer, max_new_tokens=6))
    trainer.train()
    logged = heldout_by_step(trainer.state.log_history)
    assert sorted(logged) == [1, 2] and set(logged[1]) >= {"heldout/pass@1", "heldout/pass@2"}
    assert all(0.0 <= v <= 1.0 for rates in logged.values() for v in rates.values())


@pytest.mark.slow
def test_a_tool_env_is_measured_through_the_tool_loop(tmp_path, monkeypatch):
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig

    from envs.tools import tool_names
    from eval.policy import train_tokenizer
    from eval.tool_policy import add_tool_template, tool_model, tool_traces, trace_texts, warm_start
    from training.trainer import GRPOTrainer

    env = envs.make("products_calculator", n_train=200, n_eval=10)
    factory = env.environment_factory
    traces = tool_traces(env)
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128))
    warm_start(model, tokenizer, traces, [getattr(factory(), name) for name in tool_names(factory)], steps=150,
               batch_size=32, learning_rate=3e-3)
    args = GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=8, num_generations=4,
                      max_completion_length=160, max_tool_calling_iterations=2, learning_rate=1e-4, use_cpu=True,
                      bf16=False, report_to="none", logging_steps=5, save_strategy="no", gradient_checkpointing=False,
                      disable_tqdm=True)
    heldout = HeldoutEval(env, every=2, limit=4, n=2, max_new_tokens=160, max_tool_turns=2)
    trainer = GRPOTrainer(model=model, reward_funcs=env.reward_funcs(), args=args, train_dataset=env.train,
                          processing_class=tokenizer, environment_factory=factory, callbacks=[heldout])
    assert heldout.trainer is trainer  # rlvr-kit's GRPOTrainer binds it
    trainer.train()
    logged = heldout_by_step(trainer.state.log_history)
    assert sorted(logged) == [2]
    assert logged[2]["heldout/tools/calls_per_rollout"] > 0  # the held-out rollouts ran through the tool loop
