"""The error-rate breaker in train.py with the real GRPOTrainer: a reward that is down stops the run; one that fails
now and then does not, and its error rate is logged."""

from __future__ import annotations

import json
import re
import sys

import pytest

import train
from training.breaker import RewardBreakerError

REWARD_MODULE = '''
import itertools

_calls = itertools.count()


_probed = []


def always_raises(completions, **kwargs):
    """Up for train.py's pre-run probe (its first call), down for every call after: a backend lost mid-run."""
    if not _probed:
        _probed.append(True)
        return [0.0] * len(completions)
    raise ConnectionError("reward backend down: connection refused")


def judge_down(completions, **kwargs):
    """Up for the pre-run probe, then its service refuses every connection: it says it could not judge."""
    from rewards.errors import UnscorableError

    if not _probed:
        _probed.append(True)
        return [0.0] * len(completions)
    raise UnscorableError("judge service refused the connection")


def flaky(completions, **kwargs):
    """Fails on every 10th completion: a batch call raises, so the protocol judges one completion at a time."""
    if len(completions) > 1:
        raise RuntimeError("judge one at a time")
    if next(_calls) % 10 == 0:
        raise TimeoutError("backend hiccup")
    return [float(bool(completions[0].strip()))]
'''


@pytest.fixture
def reward_module(tmp_path, monkeypatch):
    (tmp_path / "breakmod.py").write_text(REWARD_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "breakmod", raising=False)  # a fresh module per test: its state starts over


def args(policy, out, reward, *extra):
    return ["--model", str(policy), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10",
            "--reward", f"breakmod:{reward}", "--max_steps", "8", "--per_device_train_batch_size", "16",
            "--num_generations", "4", "--max_completion_length", "6", "--logging_steps", "1", "--eval_n", "2",
            "--eval_k", "1", "--eval_limit", "4", "--disable_tqdm", "true", *extra]


def test_a_reward_that_always_raises_stops_the_run_after_a_checkpoint(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    out = tmp_path / "run"
    with pytest.raises(RewardBreakerError) as caught:
        train.main(args(policy, out, "always_raises", "--save_strategy", "steps", "--save_steps", "100"))
    message = str(caught.value)
    assert message.startswith("Training stopped at step 3: a reward fails on most completions")
    assert ("reward 'always_raises': error_rate above 0.5 for 3 logged steps in a row (1.00 at step 1, 1.00 at "
            "step 2, 1.00 at step 3); first failures: error: ConnectionError: reward backend down") in message
    checkpoint = out / "checkpoint-3"
    assert f"Checkpoint saved: {checkpoint}; fix the reward, then resume with --resume_from_checkpoint" in message
    assert "--breaker_steps N (0 turns it off)" in message
    # stopped within the window: the checkpoint the breaker asked for is the only one, at step 3
    assert sorted(p.name for p in out.glob("checkpoint-*")) == ["checkpoint-3"]
    assert json.loads((checkpoint / "trainer_state.json").read_text())["global_step"] == 3
    assert not (out / "results.json").exists()  # no "finished" report for a run trained on fake zeros


@pytest.mark.slow
def test_a_judge_that_is_down_trips_the_breaker_on_its_unscorable_rate(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    with pytest.raises(RewardBreakerError) as caught:
        train.main(args(policy, tmp_path / "run", "judge_down"))
    message = str(caught.value)
    assert ("reward 'judge_down': unscorable_rate above 0.5 for 3 logged steps in a row (1.00 at step 1, 1.00 at "
            "step 2, 1.00 at step 3); first failures: unscorable: UnscorableError: judge service refused") in message


def test_the_breaker_without_checkpoints_says_so(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    with pytest.raises(RewardBreakerError, match=re.escape("No checkpoint was saved (checkpoints are off: "
                                                           "--save_strategy no)")):
        train.main(args(policy, tmp_path / "run", "always_raises", "--breaker_steps", "2"))
    assert not list((tmp_path / "run").glob("checkpoint-*"))


def test_breaker_steps_0_turns_it_off(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    results = train.main(args(policy, tmp_path / "run", "always_raises", "--breaker_steps", "0", "--max_steps", "4"))
    rates = [row["always_raises/error_rate"] for row in results["log_history"] if "always_raises/error_rate" in row]
    assert rates == [1.0] * 4


def test_a_reward_failing_on_10_percent_trains_on_and_logs_its_rate(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    results = train.main(args(policy, tmp_path / "run", "flaky", "--max_steps", "6"))
    rates = [row["flaky/error_rate"] for row in results["log_history"] if "flaky/error_rate" in row]
    assert len(rates) == 6 and all(0.0 < r <= 0.125 for r in rates), rates  # 1-2 of 16 completions a step
    assert results["log_history"][-2]["step"] == 6


def test_breaker_rate_sets_the_threshold(tiny_policy, tmp_path, reward_module):
    _, _, policy = tiny_policy
    with pytest.raises(RewardBreakerError, match=r"reward 'flaky': error_rate above 0\.05 for 2 logged steps in a "
                                                 r"row \(0\.\d+ at step 1, 0\.\d+ at step 2\); first failures: error: "
                                                 r"TimeoutError: backend hiccup"):
        train.main(args(policy, tmp_path / "run", "flaky", "--breaker_rate", "0.05", "--breaker_steps", "2"))


def test_bad_breaker_flags_fail_before_a_model_is_loaded(tmp_path, reward_module):
    base = ["--output_dir", str(tmp_path), "--env_kwargs", "digits=1", "n_train=20", "n_eval=4", "--reward",
            "breakmod:flaky"]  # no --model: the embedded policy would be built if the flags got that far
    with pytest.raises(train.rewards.RlvrError, match=re.escape("The breaker rate is a fraction of completions in "
                                                                "0..1, got 50.0")):
        train.main([*base, "--breaker_rate", "50"])
    with pytest.raises(train.rewards.RlvrError, match=re.escape(
            "The breaker watches the statuses ['error', 'timeout', 'unscorable', 'unparsed']; got ['errors']")):
        train.main([*base, "--breaker_statuses", "errors"])
