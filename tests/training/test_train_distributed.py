"""`accelerate launch --multi_gpu --num_processes 2 train.py` on CPU: a real two-process GRPO run (torchrun, gloo).

Without GPUs, accelerate's plain ``--num_processes 2`` (and ``--cpu``) start ONE process unless MPI is set up;
``--multi_gpu`` goes through torchrun, and train.py's ``use_cpu=True`` makes the processes a gloo group.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from training.console import LOG_FILE
from training.rank_log import read_rank_logs

ROOT = Path(__file__).resolve().parents[2]
STEPS, PER_DEVICE = 2, 8


def _launch_two(tiny_policy, tmp_path, out, port, *flags, **environ) -> subprocess.CompletedProcess:
    """train.py under ``accelerate launch --multi_gpu --num_processes 2`` on the tiny policy, 1-digit sums, groups
    of 4; ``flags`` add to it (rewards, steps, batch), ``environ`` to the processes' environment. Asserts it exits 0."""
    _, _, policy_path = tiny_policy
    cmd = [sys.executable, "-m", "accelerate.commands.launch", "--multi_gpu", "--num_processes", "2",
           "--num_machines", "1", "--mixed_precision", "no", "--dynamo_backend", "no",
           "--main_process_port", str(port), str(ROOT / "train.py"),
           "--model", str(policy_path), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10", "--num_generations", "4",
           "--logging_steps", "1", "--warmup_steps", "0", "--eval_n", "2", "--eval_k", "1", "--output_dir", str(out),
           *flags]
    here = str(Path(__file__).resolve().parent)  # distributed_rewards.py
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), here]), "OMP_NUM_THREADS": "1",
           "HF_HUB_OFFLINE": "1", "ACCELERATE_CONFIG_FILE": str(tmp_path / "none.yaml"), **environ}
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc


@pytest.mark.slow
def test_two_process_run_logs_both_ranks_rewards(tiny_policy, tmp_path):
    out = tmp_path / "run"
    proc = _launch_two(tiny_policy, tmp_path, out, 29517, "--reward", "math_exact",
                       "distributed_rewards:digit_fraction", "--max_steps", str(STEPS),
                       "--per_device_train_batch_size", str(PER_DEVICE))

    logs = read_rank_logs(out)
    assert sorted(logs) == [0, 1]
    for rank, records in logs.items():
        fraction = [r for r in records if r["reward"] == "digit_fraction"]
        assert [r["step"] for r in fraction] == list(range(STEPS)), (rank, records)
        assert all(r["rank"] == rank and r["n"] == r["n_scored"] == PER_DEVICE for r in fraction)
        assert all(0.0 <= r["mean"] <= 1.0 for r in fraction)

    # Rank 0 logs the mean over both ranks' completions: it must equal the average of the two per-rank means.
    records = [json.loads(line) for line in (out / LOG_FILE).read_text().splitlines()]  # every logged dict, whole
    logged = [r["rewards/digit_fraction/mean"] for r in records if "rewards/digit_fraction/mean" in r]
    assert len(logged) == STEPS, records
    for step, value in enumerate(logged):
        per_rank = [next(r["mean"] for r in logs[rank] if r["step"] == step and r["reward"] == "digit_fraction")
                    for rank in (0, 1)]
        assert value == pytest.approx(sum(per_rank) / 2, abs=1e-3)

    # Eval and results happen once: the main process prints and writes, the other rank only trains.
    assert (proc.stdout + proc.stderr).count("before: pass@1") == 1
    assert (out / "results.json").exists() and (out / "model").is_dir()


@pytest.mark.slow
def test_two_processes_draw_the_same_difficulty_batches(tiny_policy, tmp_path):
    """With --difficulty_sampling each rank draws from its own tracker; the trackers see the gathered rewards of both
    ranks, so their draws agree. A group of 4 spans the two ranks (6 completions each): a rank that drew other prompts
    would leave groups of 2."""
    import json
    from collections import Counter

    _launch_two(tiny_policy, tmp_path, tmp_path / "run", 29519, "--reward", "math_exact",
                "distributed_rewards:prompt_log", "--difficulty_sampling", "--max_steps", "4",
                "--per_device_train_batch_size", "6", "--eval_limit", "4", PROMPT_LOG=str(tmp_path / "prompts"))

    by_step: dict[int, Counter] = {}
    for rank in (0, 1):
        check, *calls = (json.loads(line) for line in (tmp_path / f"prompts.rank{rank}").read_text().splitlines())
        assert len(check["prompts"]) == 2  # train.py's pre-run check (envs.check_env), on two held-out rows
        for record in calls:
            by_step.setdefault(record["step"], Counter()).update(record["prompts"])
    assert sorted(by_step) == [0, 1, 2, 3]
    for step, counts in by_step.items():
        assert sorted(counts.values()) == [4, 4, 4], (step, counts)


@pytest.mark.slow
def test_two_processes_measure_heldout_in_step_and_log_it_once(tiny_policy, tmp_path):
    """--eval_every under two processes: both ranks evaluate (no hang, same rates), the main process logs one line per
    measurement, and the rates land in results.json's log_history at the measured steps."""
    import json

    out = tmp_path / "run"
    proc = _launch_two(tiny_policy, tmp_path, out, 29523, "--reward", "math_exact", "--max_steps", str(STEPS),
                       "--per_device_train_batch_size", str(PER_DEVICE), "--eval_limit", "4", "--eval_every", "1",
                       "--eval_every_limit", "4", "--eval_every_n", "2")
    assert (proc.stdout + proc.stderr).count("held-out at step") == STEPS
    history = json.loads((out / "results.json").read_text())["log_history"]
    assert [row["step"] for row in history if "heldout/pass@1" in row] == list(range(1, STEPS + 1))
