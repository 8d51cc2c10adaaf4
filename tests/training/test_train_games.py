"""Game envs through TRL 1.16's real `GRPOTrainer`: the environment's `get_reward` is a reward column (weight 1,
named after its class), `env_reward` logs turns, invalid-move and solved rates; and `python -m eval` scores the
same games from the same env code, with pass@k and mean reward."""

from __future__ import annotations

import json

import pytest

import envs
from envs.games.number import PARTIAL_MAX
from envs.tools import tool_names
from eval.__main__ import main as eval_main
from eval.policy import TinyPolicyConfig, train_tokenizer
from eval.tool_policy import add_tool_template, tool_model, tool_traces, trace_texts, warm_start

SMALL = TinyPolicyConfig(hidden_size=64, layers=2, heads=2, ffn_size=128)
BUDGET = {"word_guess": 192, "number_search": 192, "maze": 384}


def _policy(env):
    """A tiny tool model, briefly warm-started on the reference policy's games."""
    factory = env.environment_factory
    traces = tool_traces(env)
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), 384))
    model = tool_model(tokenizer, SMALL, max_positions=1024)
    tools = [getattr(factory(), name) for name in tool_names(factory)]
    warm_start(model, tokenizer, traces, tools, steps=150, batch_size=16, learning_rate=3e-3)
    return model, tokenizer


def _paid_for_solving(mean_reward: float, solved_rate: float, env_id: str) -> None:
    """A solved game earns 1; an unsolved one 0, or up to `PARTIAL_MAX` in number_search (partial credit)."""
    if env_id != "number_search":
        assert mean_reward == pytest.approx(solved_rate)
        return
    assert solved_rate - 1e-9 <= mean_reward <= solved_rate + PARTIAL_MAX * (1 - solved_rate) + 1e-9


@pytest.mark.slow
@pytest.mark.parametrize("env_id", sorted(BUDGET))
def test_get_reward_trains_through_grpo_and_eval_scores_the_same_games(env_id, tmp_path, monkeypatch):
    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl import GRPOConfig, GRPOTrainer

    env = envs.make(env_id, n_train=64, n_eval=4)
    model, tokenizer = _policy(env)
    factory = env.environment_factory
    args = GRPOConfig(output_dir=str(tmp_path / "run"), max_steps=2, per_device_train_batch_size=8,
                      num_generations=4, max_completion_length=BUDGET[env_id], max_tool_calling_iterations=4,
                      learning_rate=1e-4, use_cpu=True, bf16=False, report_to="none", logging_steps=1,
                      save_strategy="no", gradient_checkpointing=False, reward_weights=list(env.spec.reward_weights),
                      seed=0)
    trainer = GRPOTrainer(model=model, reward_funcs=env.reward_funcs(), args=args, train_dataset=env.train,
                          processing_class=tokenizer, environment_factory=factory)
    assert trainer.reward_func_names == ["env_reward", factory.__name__]  # TRL added get_reward, weight 1
    assert trainer.reward_weights.tolist() == [0.0, 1.0]
    trainer.train()

    logs = [h for h in trainer.state.log_history if f"rewards/{factory.__name__}/mean" in h]
    assert len(logs) == 2, trainer.state.log_history
    for h in logs:  # the environment's own reward, read twice: by TRL's get_reward column and by env_reward
        _paid_for_solving(h[f"rewards/{factory.__name__}/mean"], h["env_reward/solved_rate"], env_id)
        assert h["env_reward/turns"] > 0 and 0.0 <= h["env_reward/invalid_rate"] <= 1.0
        assert h["env_reward/error_rate"] == 0.0
    assert max(h["tools/call_frequency"] for h in logs) > 0

    saved = tmp_path / "model"
    trainer.save_model(str(saved))
    tokenizer.save_pretrained(str(saved))
    result = eval_main(["--env", env_id, "--env-kwargs", "n_train=64", "n_eval=4", "--model", str(saved),
                        "--n", "2", "--k", "1,2", "--max-new-tokens", str(BUDGET[env_id]), "--max-tool-turns", "4",
                        "--out", str(tmp_path / "eval")])
    written = json.loads((tmp_path / "eval" / "result.json").read_text())
    assert written["pass@1"] == result["pass@1"] and 0.0 <= result["pass@1"] <= result["pass@2"] <= 1.0
    _paid_for_solving(result["mean_reward"], result["pass@1"], env_id)
    assert result["tools"]["calls_per_rollout"] > 0 and result["status_rates"]["env_reward"]["unscorable"] == 0.0
    assert result["provenance"]["cache"] is None  # the env's state is the score: never read back from a cache


@pytest.mark.slow
def test_train_py_trains_a_game_and_reports_its_solved_rate(tmp_path, capsys):
    from dataclasses import replace

    import train
    from eval.policy import TOOL_POLICY, build_or_load

    env = envs.make("number_search", n_train=100, n_eval=4)
    config = replace(TOOL_POLICY, hidden_size=32, ffn_size=64, sft_max_steps=20, check_every=10, n_validation=10)
    path = build_or_load(env, config, root=tmp_path / "policy")
    results = train.main(["--env", "number_search", "--env_kwargs", "n_train=100", "n_eval=4", "--model", str(path),
                          "--max_steps", "2", "--logging_steps", "1", "--per_device_train_batch_size", "8",
                          "--num_generations", "4", "--max_completion_length", "192", "--eval_n", "2", "--eval_k",
                          "1", "--audit", "--output_dir", str(tmp_path / "run")])
    assert results["grpo_config"]["reward_weights"] == [0.0]  # env_reward logged; TRL adds get_reward at weight 1
    assert results["grpo_config"]["max_tool_calling_iterations"] == 10  # the game's moves
    steps = [h for h in results["log_history"] if "rewards/NumberSearch/mean" in h]
    assert len(steps) == 2 and all("env_reward/turns" in h and "env_reward/invalid_rate" in h for h in steps)
    for phase in ("before", "after"):
        assert results[phase]["n_problems"] == 4 and "without_tools" not in results[phase]
        _paid_for_solving(results[phase]["mean_reward"], results[phase]["pass@1"], "number_search")
    assert "audit of game env 'number_search': PASS" in capsys.readouterr().out
