"""train.py stops a run whose groups all score the same, step after step (no gradient), with a message that says so
and what to change; then evaluates and reports as usual. The real GRPOTrainer, the tiny policy."""

from __future__ import annotations

import sys

import pytest

import rewards
import train

REWARD_MODULE = '''
def never(completions, **kwargs):
    """0.0 for every completion: every group has zero std."""
    return [0.0] * len(completions)
'''


@pytest.fixture
def reward_module(tmp_path, monkeypatch):
    (tmp_path / "nosignal.py").write_text(REWARD_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "nosignal", raising=False)


def args(policy, out, *extra):
    return ["--model", str(policy), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10",
            "--reward", "nosignal:never", "--max_steps", "6", "--per_device_train_batch_size", "16",
            "--num_generations", "4", "--max_completion_length", "6", "--logging_steps", "1", "--eval_n", "2",
            "--eval_k", "1", "--eval_limit", "4", "--disable_tqdm", "true", "--no_signal_steps", "3", *extra]


@pytest.mark.slow
def test_a_run_with_no_signal_stops_says_why_and_still_reports(tiny_policy, tmp_path, reward_module, capsys):
    _, _, policy = tiny_policy
    results = train.main(args(policy, tmp_path / "run"))
    shares = [log["frac_reward_zero_std"] for log in results["log_history"] if "frac_reward_zero_std" in log]
    assert shares == [1.0, 1.0, 1.0]  # stopped after the third logged step of 6
    printed = capsys.readouterr().out
    assert ("Training stopped at step 3: in each of the last 3 logged steps at least 95% of the groups scored the "
            "same on every completion, so they gave no gradient (zero-std share 1.00, 1.00, 1.00; mean reward "
            "0.000)") in printed
    assert "--no_signal_steps N (0 turns it off)" in printed
    assert (tmp_path / "run" / "results.json").is_file() and results["after"]  # evaluated and written as usual


@pytest.mark.slow
def test_the_stop_turned_off_trains_every_step(tiny_policy, tmp_path, reward_module, capsys):
    _, _, policy = tiny_policy
    results = train.main(args(policy, tmp_path / "run", "--no_signal_steps", "0"))
    assert len([log for log in results["log_history"] if "frac_reward_zero_std" in log]) == 6
    assert "Training stopped" not in capsys.readouterr().out


@pytest.mark.parametrize(("flags", "named"), [(["--no_signal_share", "1.5"], "--no_signal_share"),
                                              (["--no_signal_steps", "-1"], "--no_signal_steps")])
def test_bad_no_signal_options_are_refused_by_name(flags, named):
    with pytest.raises(rewards.RlvrError, match=named):
        train.parse_args(flags)
