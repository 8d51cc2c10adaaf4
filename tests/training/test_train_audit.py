"""train.py with composed rewards: `--audit` stops a run whose reward pays a hack, and a real GRPOTrainer run with
composed rewards judges each completion once per step."""

from __future__ import annotations

import pytest

import rewards
import rewards.audit
from rewards.math import MathExact


def test_audit_flag_stops_before_training_when_a_hack_pays(tmp_path):
    import train

    with pytest.raises(rewards.RlvrError, match=r"audit failed, known hacks earn reward: .*gold only inside <think>"):
        train.main(["--audit", "--reward", "tests.rewards.test_audit:naive_substring", "--env_kwargs", "digits=1",
                    "n_train=20", "n_eval=8", "--output_dir", str(tmp_path)])
    assert not (tmp_path / "results.json").exists()


def test_composed_specs_resolve_in_train(monkeypatch, tmp_path):
    import train

    seen = {}

    def stop(reward_funcs, rows, show=None):  # stand in for the audit: record what main resolved, then stop
        seen["names"] = [f.__name__ for f in reward_funcs]
        raise rewards.RlvrError("stop")

    monkeypatch.setattr(rewards.audit, "audit_or_raise", stop)
    with pytest.raises(rewards.RlvrError, match="stop"):
        train.main(["--audit", "--reward", "math_exact|if:format_boxed", "--reward", "0.25*format_boxed",
                    "--env_kwargs", "digits=1", "n_train=20", "n_eval=8", "--output_dir", str(tmp_path)])
    assert seen["names"] == ["math_exact|if:format_boxed", "format_boxed"]


class CountingMathExact(MathExact):
    judged: list[str] = []

    def judge(self, completions, **kwargs):
        CountingMathExact.judged.extend(completions)
        return super().judge(completions, **kwargs)


@pytest.mark.slow
def test_grpo_trainer_with_composed_rewards_judges_each_completion_once(tiny_policy, tiny_env, tmp_path):
    from trl import GRPOConfig, GRPOTrainer

    if "tests_counting_math_exact" not in rewards.available():
        rewards.register("tests_counting_math_exact", CountingMathExact)
    model, tokenizer, _ = tiny_policy
    funcs, weights = rewards.get_many([
        "tests_counting_math_exact", "tests_counting_math_exact|if:format_boxed_soft",
        "length_scaled(correctness=tests_counting_math_exact,max_len=6)", "0.1*overlong(max_len=6,cache=2)"])
    config = GRPOConfig(output_dir=str(tmp_path), max_steps=2, num_generations=4, per_device_train_batch_size=8,
                        max_completion_length=6, learning_rate=1e-4, use_cpu=True, bf16=False, report_to="none",
                        logging_steps=1, save_strategy="no", gradient_checkpointing=False, beta=0.0,
                        reward_weights=weights, seed=0)
    trainer = GRPOTrainer(model=model, reward_funcs=funcs, args=config, train_dataset=tiny_env.train,
                          processing_class=tokenizer)
    CountingMathExact.judged.clear()
    trainer.train()
    assert len(CountingMathExact.judged) == 2 * 8  # two steps of 8 completions, shared by three reward functions
    logged = {k for row in trainer.state.log_history for k in row}
    assert {"rewards/tests_counting_math_exact/mean", "rewards/length_scaled/mean",
            "rewards/tests_counting_math_exact|if:format_boxed_soft/mean"} <= logged


def test_weights_given_twice_are_refused(tmp_path):
    import train

    with pytest.raises(rewards.RlvrError, match=r"either with --reward_weights or as 'weight\*reward' prefixes"):
        train.main(["--reward", "0.5*format_boxed", "--reward_weights", "1.0", "--env_kwargs", "digits=1",
                    "n_train=20", "n_eval=8", "--output_dir", str(tmp_path)])
