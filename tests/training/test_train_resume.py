"""train.py --resume_from_checkpoint with the real GRPOTrainer: a run killed with SIGKILL goes on where it stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import train
from eval.rollouts import read_rollouts
from training.resume import ResumeError

ROOT = Path(__file__).resolve().parents[2]
REWARD_MODULE = """
def digit_answer(completions, answer, **kwargs):
    '''1 for a completion that starts with the answer: cheap, no worker processes.'''
    return [float(str(c).strip().startswith(str(a))) for c, a in zip(completions, answer)]


def any_digit(completions, **kwargs):
    return [float(any(ch.isdigit() for ch in str(c))) for c in completions]
"""


def run_args(policy: Path, out: Path, *extra: str) -> list[str]:
    return ["--model", str(policy), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10",
            "--reward", "rewardmod:digit_answer", "--max_steps", "12", "--per_device_train_batch_size", "16",
            "--num_generations", "4", "--max_completion_length", "6", "--logging_steps", "1", "--eval_n", "2",
            "--eval_k", "1", "2", "--eval_limit", "6", "--save_strategy", "steps", "--save_steps", "2",
            "--disable_tqdm", "true", *extra]


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "rewardmod.py").write_text(REWARD_MODULE)
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}


@pytest.mark.slow
def test_a_killed_run_resumes_to_max_steps_with_its_own_before(tiny_policy, tmp_path):
    _, _, policy = tiny_policy
    out, env = tmp_path / "run", _env(tmp_path)
    first = subprocess.Popen([sys.executable, "train.py", *run_args(policy, out)], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    # run.json is written after trainer_state.json: the second checkpoint is complete once it is there.
    while not (out / "checkpoint-4" / "run.json").exists():
        assert first.poll() is None, f"the first run ended before its second checkpoint: {first.stderr.read()[-2000:]}"
        assert time.monotonic() < deadline, "no second checkpoint within 240 s"
        time.sleep(0.02)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert not (out / "results.json").exists()  # killed mid-run, not finished
    saved = sorted(int(p.name.split("-")[1]) for p in out.glob("checkpoint-*"))
    assert 4 <= saved[-1] < 12, saved
    before_file = (out / "before.json").read_text()
    rank_log = out / "reward_log.rank0.jsonl"  # one line per reward call, with the step being trained

    for how, start in (("true", saved[-1]), (str(out / "checkpoint-4"), 4)):  # the newest checkpoint, then a path
        calls_before = len(rank_log.read_text().splitlines())
        proc = subprocess.run([sys.executable, "train.py", *run_args(policy, out, "--resume_from_checkpoint", how)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        results = json.loads((out / "results.json").read_text())
        steps = [row["step"] for row in results["log_history"] if "loss" in row]
        assert steps == list(range(1, 13)), steps  # each step once, ending at max_steps (not 12 more)
        new_calls = [json.loads(line)["step"] for line in rank_log.read_text().splitlines()[calls_before:]]
        assert min(new_calls) == start and max(new_calls) == 11, new_calls  # went on from the checkpoint's step
        # the scheduler went on too: warm-up to 1e-4 over 10 steps, as in one uninterrupted run
        lrs = [row["learning_rate"] for row in results["log_history"] if "loss" in row]
        assert lrs[:10] == pytest.approx([i * 1e-5 for i in range(10)]) and lrs[10:] == pytest.approx([1e-4] * 2)
        assert results["grpo_config"]["max_steps"] == 12
        rollouts = read_rollouts(out)  # the killed run's steps past the checkpoint are replaced, not doubled
        assert sorted(set(rollouts["step"])) == list(range(1, 13)) and len(rollouts) == 12 * 16
        assert results["before"] == json.loads(before_file)["before"]  # the first run's "before", reused
        assert (out / "before.json").read_text() == before_file
        assert "before: pass@1" in proc.stdout
        assert f"resuming from checkpoint-{start} (step {start} of 12), reusing before.json" in proc.stdout
    state = json.loads((out / "checkpoint-12" / "trainer_state.json").read_text())
    assert state["global_step"] == 12


def test_resume_refuses_another_run_naming_what_differs(tiny_policy, tmp_path, monkeypatch):
    _, _, policy = tiny_policy
    _env(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    train.main(run_args(policy, out, "--max_steps", "2"))
    assert (out / "checkpoint-2" / "run.json").is_file()

    args = run_args(policy, out, "--max_steps", "4", "--resume_from_checkpoint", "true")
    args[args.index("digits=1")] = "digits=2"
    with pytest.raises(ResumeError, match=r"different env\. env: checkpoint .*'digits': 1.*now .*'digits': 2"):
        train.main(args)
    with pytest.raises(ResumeError, match=r"different reward_weights, rewards\. reward_weights: checkpoint \[1\.0\], "
                                          r"now \[1\.0, 1\.0\]; rewards: checkpoint \['digit_answer'\]"):
        train.main(run_args(policy, out, "--resume_from_checkpoint", "true", "--reward", "rewardmod:any_digit"))
    with pytest.raises(ResumeError, match=r"not a checkpoint \(no trainer_state\.json there\)\. It holds "
                                          r"\['checkpoint-2'\]"):
        train.main(run_args(policy, out, "--resume_from_checkpoint", str(out)))
    with pytest.raises(ResumeError, match=r"no checkpoint-N folder in --output_dir"):
        train.main(run_args(policy, tmp_path / "empty", "--resume_from_checkpoint", "true"))
