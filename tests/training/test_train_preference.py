"""train.py with a learned reward: ``--reward "bt_rm(model=DIR)"`` runs GRPO and reports verified pass rates."""

import json
import re

import pytest

import rewards
from rewards.errors import RlvrError
from training.console import LOG_FILE


@pytest.fixture(scope="module")
def rm_dir(tmp_path_factory, tiny_policy):
    from rewards.preference import __main__ as preference_train

    out = tmp_path_factory.mktemp("rm")
    args, config = preference_train.parse_args([
        "--out", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10", "--heldout_problems", "20",
        "--num_train_epochs", "2", "--disable_tqdm", "true", "--base", str(tiny_policy[2])])
    preference_train.train_reward_model(args, config)
    return out


def test_learned_reward_adds_the_envs_verifiable_rewards_at_weight_zero(rm_dir, tiny_env):
    from train import add_logged_rewards

    rm = rewards.get("bt_rm", model=str(rm_dir))
    funcs, weights = add_logged_rewards([rm], tiny_env, None)
    assert [f.__name__ for f in funcs] == ["bt_rm", "math_exact"] and weights == [1.0, 0.0]
    assert add_logged_rewards([rm], tiny_env, [2.0])[1] == [2.0, 0.0]
    math_exact = rewards.get("math_exact")
    assert add_logged_rewards([math_exact], tiny_env, None) == ([math_exact], None)
    assert add_logged_rewards([rm, math_exact], tiny_env, [1.0, 0.5]) == ([rm, math_exact], [1.0, 0.5])


def test_reward_model_errors_before_any_model_is_built():
    from train import main

    with pytest.raises(RlvrError, match=re.escape("Unknown flag(s) --reward_model")):
        main(["--reward", "math_exact", "--reward_model", "somewhere"])  # the model is a parameter of the spec
    with pytest.raises(RlvrError, match=re.escape("Reward 'bt_rm' needs a trained reward model")):
        main(["--reward", "bt_rm"])
    with pytest.raises(RlvrError, match=re.escape("Reward model '/nonexistent' is not a directory")):
        main(["--reward", "bt_rm(model=/nonexistent)"])


def test_a_composed_learned_reward_is_not_verifiable(rm_dir, tiny_env):
    from train import add_logged_rewards

    gated = rewards.get(f"bt_rm(model={rm_dir})|if:format_boxed")
    assert gated.verifiable is False and rewards.get("math_exact|if:format_boxed").verifiable is True
    funcs, weights = add_logged_rewards([gated], tiny_env, None)
    assert [f.__name__ for f in funcs][1:] == ["math_exact"] and weights == [1.0, 0.0]


@pytest.mark.slow
def test_grpo_on_a_reward_model_reports_verified_pass_rates(rm_dir, tiny_policy, tmp_path, capsys):
    from train import main

    results = main([
        "--env", "arithmetic", "--env_kwargs", "digits=1", "n_train=90", "n_eval=10", "--model", str(tiny_policy[2]),
        "--reward", f"bt_rm(model={rm_dir})", "--output_dir", str(tmp_path), "--max_steps", "2",
        "--per_device_train_batch_size", "16", "--num_generations", "4", "--max_completion_length", "8",
        "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "--warmup_steps", "0", "--disable_tqdm", "true"])
    printed = capsys.readouterr().out
    assert results["rewards"] == ["bt_rm", "math_exact"]
    assert results["grpo_config"]["reward_weights"] == [1.0, 0.0]
    # Both rewards are logged during training: the learned one trained on, the verifiable one for comparison.
    logged = [json.loads(line) for line in (tmp_path / LOG_FILE).read_text().splitlines()]  # every logged dict
    assert all("rewards/bt_rm/mean" in r and "rewards/math_exact/mean" in r for r in logged if "loss" in r)
    assert any("rewards/bt_rm/mean" in r for r in logged)
    # The verified pass@1 before and after, side by side (the env's checker, not the reward model, decides).
    row = re.search(r"\| pass@1 \| ([\d.]+) \| ([\d.]+) \|", printed)
    assert row and float(row.group(1)) == pytest.approx(results["before"]["pass@1"], abs=5e-4)
    assert float(row.group(2)) == pytest.approx(results["after"]["pass@1"], abs=5e-4)
    assert (tmp_path / "reward_curve.png").exists()
