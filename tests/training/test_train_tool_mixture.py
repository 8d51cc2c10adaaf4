"""Mixtures with tool envs on the real GRPOTrainer: TRL's multi-environment routing renders each row with its own
env's tools (none for a plain env), and train.py reports tool stats per task."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

import envs
from eval.policy import TOOL_POLICY, TinyPolicyConfig, build_or_load, load_causal_lm, train_tokenizer
from eval.tool_policy import add_tool_template, tool_model, trace_texts, warm_start_traces

TWO_TOOLS = ("products_calculator,products_python", ["n_train=300", "n_eval=10"])
TOOL_AND_PLAIN = ("products_calculator,arithmetic", ["n_train=300", "n_eval=10", "arithmetic.chat=true"])
EXPECTED_TOOLS = {"products_calculator": ["calculator"], "products_python": ["python"], "arithmetic": []}


def test_warm_start_traces_give_tool_rows_a_real_tool_call_and_plain_rows_their_reference():
    from eval.tool_policy import encode_trace

    env = envs.make(TOOL_AND_PLAIN[0], **envs.parse_kwargs(TOOL_AND_PLAIN[1]))
    traces, tools = warm_start_traces(env, 40)
    rows = env.train.select(range(40))
    assert len(traces) == len(tools) == 40 and len(set(rows["environment"])) == 2
    for trace, row_tools, row in zip(traces, tools, rows):
        assert trace[: len(row["prompt"])] == row["prompt"]
        if row["environment"] == "arithmetic":
            assert trace[1:] == [{"role": "assistant", "content": row["reference"]}] and row_tools == []
        else:
            assert [t.__name__ for t in row_tools] == ["calculator"]
            assert trace[2] == {"role": "tool", "name": "calculator", "content": row["answer"]}  # the tool's result
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    plain = next(i for i, r in enumerate(rows) if r["environment"] == "arithmetic")
    ids, labels = encode_trace(tokenizer, traces[plain], tools[plain])
    assert "Tools:" not in tokenizer.decode(ids)  # learned as evaluation and TRL prompt it: no tool preamble
    learned = tokenizer.decode([i for i, lab in zip(ids, labels) if lab != -100])
    assert learned == rows[plain]["reference"] + "<|im_end|>\n"
    with pytest.raises(ValueError, match="is not one tool env"):
        from eval.tool_policy import tool_traces

        tool_traces(env)


def test_a_plain_env_without_reference_answers_cannot_be_warm_started_in_a_tool_mixture():
    from datasets import Dataset

    from rewards.errors import RlvrError

    def build(**kwargs):
        data = Dataset.from_dict({"prompt": [[{"role": "user", "content": "2+2="}]], "answer": ["4"]})
        return data, data

    envs.register("test_no_reference", build, rewards=("math_exact",))
    env = envs.make("products_calculator,test_no_reference", **{"products_calculator.n_train": 3,
                                                                "products_calculator.n_eval": 1})
    with pytest.raises(RlvrError, match=re.escape("Env 'test_no_reference' of the mixture "
                                                  "'products_calculator:0.5,test_no_reference:0.5' has no tools and no "
                                                  "'reference' column")):
        warm_start_traces(env)


@pytest.mark.slow
@pytest.mark.parametrize("mix, kwargs", [TWO_TOOLS, TOOL_AND_PLAIN])
def test_trl_renders_each_row_with_the_tools_of_its_env(mix, kwargs, tmp_path, monkeypatch):
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig, GRPOTrainer

    env = envs.make(mix, **envs.parse_kwargs(kwargs))
    traces, _ = warm_start_traces(env, 100)
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, TinyPolicyConfig(hidden_size=32, layers=1, heads=2, ffn_size=64))
    args = GRPOConfig(output_dir=str(tmp_path), max_steps=1, per_device_train_batch_size=8, num_generations=4,
                      use_cpu=True, bf16=False, report_to="none", save_strategy="no", gradient_checkpointing=False)
    trainer = GRPOTrainer(model=model, reward_funcs=env.reward_funcs(), args=args, train_dataset=env.train,
                          processing_class=tokenizer, environment_factory=env.environment_factory)
    assert {name: [t.__name__ for t in tools] for name, tools in trainer._env_tools.items()} == {
        c.id: EXPECTED_TOOLS[c.id] for c in env.components}

    rows = env.train.select(range(16))
    assert len(set(rows["environment"])) == 2
    trainer._batch_environments = rows["environment"]  # what TRL sets from the batch before it tokenizes
    prompt_ids = trainer._tokenize_prompts(rows["prompt"])[0]
    for ids, name, prompt in zip(prompt_ids, rows["environment"], rows["prompt"]):
        text = tokenizer.decode(ids)
        if EXPECTED_TOOLS[name]:
            assert text.startswith(f"<|im_start|>system\nTools: {EXPECTED_TOOLS[name][0]}<|im_end|>"), text
        else:  # no tool preamble: exactly the single-turn prompt per-task evaluation gives this env
            assert text == tokenizer.apply_chat_template(prompt, add_generation_prompt=True, tokenize=False)
            assert "Tools:" not in text


@pytest.mark.slow
@pytest.mark.parametrize("mix, kwargs", [TWO_TOOLS, TOOL_AND_PLAIN])
def test_train_py_on_a_tool_mixture_warm_starts_on_every_task_and_reports_tools_per_task(mix, kwargs, tmp_path):
    from trl.chat_template_utils import supports_tool_calling

    import train

    env = envs.make(mix, **envs.parse_kwargs(kwargs))
    config = replace(TOOL_POLICY, hidden_size=64, ffn_size=128, sft_max_steps=150, check_every=50, n_validation=10)
    path = build_or_load(env, config, root=tmp_path / "policy")  # the embedded policy's build, smaller
    _, tokenizer = load_causal_lm(str(path))
    assert supports_tool_calling(tokenizer) and tokenizer.eos_token == "<|im_end|>"

    out = tmp_path / "run"
    train.main(["--env", mix, "--env_kwargs", *kwargs, "--model", str(path), "--max_steps", "2",
                "--per_device_train_batch_size", "8", "--num_generations", "4", "--logging_steps", "1",
                "--eval_n", "2", "--eval_k", "1", "--eval_limit", "4", "--output_dir", str(out)])
    results = json.loads((out / "results.json").read_text())
    assert results["grpo_config"]["max_completion_length"] == 128  # the tool envs' defaults, merged
    assert results["grpo_config"]["max_tool_calling_iterations"] == 2
    logged = [row for row in results["log_history"] if "tools/call_frequency" in row]
    assert len(logged) == 2 and all(f"rewards/{c.id}/math_exact/mean" in logged[0] for c in env.components)
    for phase in ("before", "after"):
        per_task = results[phase]["per_task"]
        assert set(per_task) == {c.id for c in env.components} and results[phase]["n_problems"] == 8
        for task, result in per_task.items():
            if not EXPECTED_TOOLS[task]:
                assert "tools" not in result and "without_tools" not in result, task
                continue
            tools = result["tools"]
            assert tools["rollouts"] == 4 * 3, task  # 4 problems x (2 samples + 1 greedy), through the tool loop
            # the warm-started policy calls its task's tool, and its own env answers: a call routed to the other
            # env fails every time (the calculator env has no `python` tool). A sampled call may still misname an
            # argument (`python(expression=...)`, the calculator's): that is the tiny policy, not the routing.
            assert tools["calls_per_rollout"] > 0 and tools["failure_rate"] < 0.5, (task, tools)
            assert result["without_tools"]["tools"]["calls_per_rollout"] == 0.0
