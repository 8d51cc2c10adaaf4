"""A real GRPO run on a tool env: TRL's `environment_factory` loop with a tiny, locally built tool-calling model."""

from __future__ import annotations

import pytest

import envs
from envs.tools import tool_names
from eval.policy import TinyPolicyConfig, train_tokenizer
from eval.tool_policy import add_tool_template, tool_model, tool_traces, trace_texts, warm_start
from rewards.protocol import completion_text

SMALL = TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128)


class Recorder:
    """Logs nothing into the loss (weight 0); keeps what TRL passed as completions."""

    __name__ = "recorder"

    def __init__(self) -> None:
        self.completions: list = []

    def __call__(self, completions, **kwargs):
        self.completions += completions
        return [0.0] * len(completions)


@pytest.mark.slow
@pytest.mark.parametrize("env_id", ["products_calculator", "products_python"])
def test_grpo_with_environment_factory_calls_tools_and_judges_the_final_message(env_id, tmp_path, monkeypatch):
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig, GRPOTrainer

    env = envs.make(env_id, n_train=200, n_eval=10)
    factory = env.environment_factory
    tools = [getattr(factory(), name) for name in tool_names(factory)]
    traces = tool_traces(env)
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, SMALL)
    warm_start(model, tokenizer, traces, tools, steps=150, batch_size=32, learning_rate=3e-3)
    recorder = Recorder()
    math_exact = env.reward_funcs()[0]
    args = GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=16, num_generations=4,
                      max_completion_length=160, max_tool_calling_iterations=2, learning_rate=1e-4, use_cpu=True,
                      bf16=False, report_to="none", logging_steps=1, save_strategy="no", gradient_checkpointing=False,
                      reward_weights=[1.0, 0.0], seed=0)
    trainer = GRPOTrainer(model=model, reward_funcs=[math_exact, recorder], args=args, train_dataset=env.train,
                          processing_class=tokenizer, environment_factory=factory)
    trainer.train()

    logs = [h for h in trainer.state.log_history if "tools/call_frequency" in h]
    assert len(logs) == 2 and max(h["tools/call_frequency"] for h in logs) > 0, logs
    assert all("rewards/math_exact/mean" in h and "tools/failure_frequency" in h for h in logs)
    with_tools = [c for c in recorder.completions if any(m["role"] == "tool" for m in c)]
    assert with_tools, recorder.completions[:2]
    for completion in with_tools:  # a tool result is followed by the model's own final message
        assert completion[0]["role"] == "assistant" and completion[0].get("tool_calls")
        assert completion_text(completion) == [m for m in completion if m["role"] == "assistant"][-1]["content"]


@pytest.mark.slow
def test_the_embedded_policy_of_a_tool_env_is_a_tool_caller(tmp_path):
    from dataclasses import replace

    from trl.chat_template_utils import supports_tool_calling

    from eval.policy import TOOL_POLICY, build_or_load, default_config, load_causal_lm

    env = envs.make("products_calculator", n_train=300, n_eval=10)
    assert default_config(env) is TOOL_POLICY
    assert default_config(envs.make("arithmetic", n_train=4, n_eval=2)) != TOOL_POLICY
    config = replace(TOOL_POLICY, hidden_size=32, ffn_size=64, sft_max_steps=20, check_every=10, n_validation=10)
    path = build_or_load(env, config, root=tmp_path)
    import json

    record = json.loads((path / "policy.json").read_text())  # whether the warm start met its target, recorded
    assert record["reached_target"] == (record["validation_greedy_accuracy"] >= config.target_accuracy)
    _, tokenizer = load_causal_lm(str(path))  # as train.py loads it
    assert supports_tool_calling(tokenizer) and tokenizer.response_template is not None
    assert tokenizer.eos_token == "<|im_end|>"

    from eval.__main__ import main as eval_cli  # `python -m eval` on a tool env runs the tool loop

    data = eval_cli(["--env", "products_calculator", "--env-kwargs", "n_train=300", "n_eval=10", "--model", str(path),
                     "--n", "2", "--k", "1", "--limit", "4", "--max-new-tokens", "96", "--max-tool-turns", "2",
                     "--without-tools", "--out", str(tmp_path / "eval")])
    assert data["tools"]["rollouts"] == 4 * 3
    assert data["provenance"]["sampling"]["backend"] == "hf+tools, at most 2 tool turns"
    withheld = data["without_tools"]  # the same problems and seeds, no tools offered, nothing run
    assert [p["key"] for p in withheld["per_prompt"]] == [p["key"] for p in data["per_prompt"]]
    assert withheld["tools"]["calls_per_rollout"] == 0.0 and withheld["tools"]["rollouts"] == 4 * 3
    assert withheld["provenance"]["sampling"]["backend"] == "hf, tools withheld"
    assert data["max_new_tokens"] == 96 and 0.0 <= data["clipped_rate"] <= 1.0

    plain = eval_cli(["--env", "products_calculator", "--env_kwargs", "n_train=300", "n_eval=10", "--model", str(path),
                      "--n", "1", "--k", "1", "--limit", "2", "--no-greedy", "--out", str(tmp_path / "eval2")])
    assert plain["max_new_tokens"] == 128  # no length flags: the env's own training settings
    assert plain["provenance"]["sampling"]["backend"] == "hf+tools, at most 2 tool turns"


@pytest.mark.slow
def test_train_py_on_a_tool_env_reports_the_same_problems_without_tools(tmp_path, capsys):
    from dataclasses import replace

    import train
    from eval.policy import TOOL_POLICY, build_or_load

    env = envs.make("products_calculator", n_train=300, n_eval=10)
    config = replace(TOOL_POLICY, hidden_size=32, ffn_size=64, sft_max_steps=20, check_every=10, n_validation=10)
    path = build_or_load(env, config, root=tmp_path / "policy")
    results = train.main(["--env", "products_calculator", "--env_kwargs", "n_train=300", "n_eval=10", "--model",
                          str(path), "--max_steps", "1", "--per_device_train_batch_size", "8", "--num_generations", "4",
                          "--eval_n", "2", "--eval_k", "1", "--eval_limit", "4", "--output_dir", str(tmp_path / "run")])
    assert results["grpo_config"]["max_completion_length"] == 128  # the env's default, under the flags given
    assert results["grpo_config"]["max_tool_calling_iterations"] == 2
    for phase in ("before", "after"):
        with_tools, without = results[phase], results[phase]["without_tools"]
        assert with_tools["n_problems"] == without["n_problems"] == 4 and without["n_samples"] == 2
        assert [p["key"] for p in with_tools["per_prompt"]] == [p["key"] for p in without["per_prompt"]]
        assert without["tools"]["calls_per_rollout"] == 0.0 and without["provenance"]["sampling"]["backend"] == \
            "hf, tools withheld"
        assert with_tools["provenance"]["sampling"]["backend"] == "hf+tools, at most 2 tool turns"
        assert "tools" in with_tools
    printed = capsys.readouterr().out
    assert "| pass@1 with tools |" in printed and "| pass@1 without tools |" in printed
    assert "| tool errors / calls |" in printed

    no_plain = train.main(["--env", "products_calculator", "--env_kwargs", "n_train=300", "n_eval=10", "--model",
                           str(path), "--max_steps", "1", "--per_device_train_batch_size", "8", "--num_generations",
                           "4", "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--eval_without_tools", "false",
                           "--output_dir", str(tmp_path / "run2")])
    assert "without_tools" not in no_plain["before"] and "without_tools" not in no_plain["after"]
