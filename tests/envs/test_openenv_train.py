"""TRL's own `GRPOTrainer`, wired as TRL's OpenEnv docs show (an OpenEnv client in ``environment_factory``), trains
two steps against a served rlvr-kit env, its reward coming from the server's rubric."""

from __future__ import annotations

import pytest

pytest.importorskip("openenv")
import envs  # noqa: E402
import rewards  # noqa: E402
from envs.openenv.environment import ServedEnv  # noqa: E402
from envs.openenv.serve import app  # noqa: E402
from envs.tools import tool_names  # noqa: E402
from eval.policy import TinyPolicyConfig, train_tokenizer  # noqa: E402
from eval.tool_policy import add_tool_template, tool_model, tool_traces, trace_texts, warm_start  # noqa: E402
from tests.envs.openenv_server import running  # noqa: E402

SMALL = TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128)


@pytest.mark.slow
def test_grpo_trains_against_a_served_env_on_the_servers_reward(tmp_path, monkeypatch):
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig, GRPOTrainer

    products = envs.make("products_calculator", n_train=200, n_eval=10)
    served = ServedEnv.of(products)
    with running(app(products, max_concurrent=40, served=served)) as url:
        env = envs.make(f"openenv:{url}", n_train=32, n_eval=2)
        factory = env.environment_factory
        assert tool_names(factory) == ["calculator"]
        # A tiny tool caller, warm-started on the served env's own problems (the same text in process).
        traces = tool_traces(products)
        tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
        model = tool_model(tokenizer, SMALL)
        tools = [getattr(products.environment_factory(), name) for name in tool_names(products.environment_factory)]
        warm_start(model, tokenizer, traces, tools, steps=150, batch_size=32, learning_rate=3e-3)
        args = GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=16, num_generations=4,
                          max_completion_length=160, max_tool_calling_iterations=2, learning_rate=1e-4, use_cpu=True,
                          bf16=False, report_to="none", logging_steps=1, save_strategy="no",
                          gradient_checkpointing=False, seed=0)
        trainer = GRPOTrainer(model=model, reward_funcs=[rewards.get("env_reward")], args=args,
                              train_dataset=env.train, processing_class=tokenizer, environment_factory=factory)
        trainer.train()

    logs = [h for h in trainer.state.log_history if "rewards/env_reward/mean" in h]
    assert len(logs) == 2, trainer.state.log_history
    assert all(h["env_reward/unscorable_rate"] == 0.0 for h in logs)  # every rollout scored by the server
    assert max(h["tools/call_frequency"] for h in logs) > 0  # the calculator ran as server steps
    judged = sum(served.funcs[0].counts.values())  # math_exact, on the server side
    assert judged == 2 * 16, judged
    assert 0.0 <= min(h["rewards/env_reward/mean"] for h in logs) <= max(h["rewards/env_reward/mean"] for h in logs)
