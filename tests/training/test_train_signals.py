"""Ctrl-C and SIGTERM stop `python train.py` with no process it started left alive: math workers, sandbox slots, and
a reward worker caught mid-job (the case SIGTERM's default action, which skips atexit, used to leave running)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A reward whose worker (a rewards.deadline_pool worker) is busy for a minute on its first job from step BUSY_FROM_STEP
# on: a signal that arrives then finds the main process waiting on it. The worker writes a mark when it starts the job.
BUSY_MODULE = '''
import os
import time

from rewards.deadline_pool import serve, shared_pool


def _handle(job):
    with open(os.environ["BUSY_MARK"], "a") as f:
        f.write(f"{os.getpid()}\\n")
    time.sleep(60)
    return ("wrong", None)


_calls = []


def busy(completions, trainer_state=None, **kwargs):
    _calls.append(1)
    if len(_calls) == 1:  # train.py's pre-run check (envs.check_env): the signal is meant for training
        return [0.0] * len(completions)
    if trainer_state is not None and trainer_state.global_step < int(os.environ.get("BUSY_FROM_STEP", "0")):
        return [0.0] * len(completions)
    shared_pool("busymod", 1, 120.0, "busy checker").run([str(completions[0])])
    return [0.0] * len(completions)


if __name__ == "__main__":
    serve(_handle)
'''


def descendants(root: int) -> set[int]:
    """Every live process below ``root``, by parent pid (sandbox slots run in their own sessions, still below it)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        children = [c for c, p in parents.items() if p == pid and c not in found]
        found.update(children)
        todo.extend(children)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has exited; only its parent's reaping is left


@pytest.mark.parametrize(("sig", "env", "reward"), [
    # kill PID, as a scheduler does; checkpoints on, then resumed: two runs of train.py, ~20 s of CPU
    pytest.param(signal.SIGTERM, "arithmetic", "math_exact", marks=pytest.mark.slow),
    (signal.SIGINT, "humaneval", "code_tests"),  # Ctrl-C: SIGINT to the whole process group
])
def test_no_process_of_the_run_outlives_a_signal(tiny_policy, tmp_path, sig, env, reward):
    _, _, policy = tiny_policy
    (tmp_path / "busymod.py").write_text(BUSY_MODULE)
    mark, checkpoints = tmp_path / "busy.mark", sig == signal.SIGTERM
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]), "BUSY_MARK": str(mark),
               "BUSY_FROM_STEP": "2" if checkpoints else "0"}
    kwargs = ["digits=1", "n_train=40", "n_eval=4"] if env == "arithmetic" else ["train_percent=50"]
    args = ["train.py", "--model", str(policy), "--output_dir", str(tmp_path / "run"), "--env", env,
            "--env_kwargs", *kwargs, "--reward", reward, "busymod:busy", "--max_steps", "3",
            "--per_device_train_batch_size", "8", "--num_generations", "4", "--max_completion_length", "6",
            "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--logging_steps", "1", "--disable_tqdm", "true",
            *(["--save_strategy", "steps", "--save_steps", "1"] if checkpoints else [])]
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=environ, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        seen: set[int] = set()
        deadline = time.monotonic() + 240
        while not mark.exists():  # training has started and the busy worker is on its job
            assert proc.poll() is None, proc.stderr.read()[-3000:]
            assert time.monotonic() < deadline, "the run never reached its busy reward"
            seen |= descendants(proc.pid)
            time.sleep(0.1)
        time.sleep(0.5)
        seen |= descendants(proc.pid)
        workers = {"math": "rewards.math.workers", "sandbox": "bwrap", "busy": "busymod"}
        cmdlines = {pid: Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:200]
                    for pid in seen if alive(pid)}
        assert any(workers["busy"] in c for c in cmdlines.values())
        assert any(workers["math" if reward == "math_exact" else "sandbox"] in c for c in cmdlines.values()), cmdlines

        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)  # what a terminal does on Ctrl-C
        else:
            proc.send_signal(sig)
        _, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 128 + sig, stderr[-3000:]
    assert f"{signal.Signals(sig).name} received: stopping" in stderr
    time.sleep(1.0)
    left = {pid: cmdlines.get(pid, "?") for pid in seen if alive(pid)}
    for pid in left:  # not to leave them to the next test
        os.kill(pid, signal.SIGKILL)
    assert not left, f"still running after {signal.Signals(sig).name}: {left}"
    if not checkpoints:
        assert "Interrupted at step 0. No checkpoint was saved, so the run cannot resume" in stderr
        return
    newest = tmp_path / "run" / "checkpoint-2"
    assert f"Interrupted at step 2. Newest checkpoint: {newest}; resume with --resume_from_checkpoint true" in stderr
    resumed = subprocess.run([sys.executable, *args, "--resume_from_checkpoint", "true"], cwd=ROOT,
                             env={**environ, "BUSY_FROM_STEP": "99"}, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["resumed_from"] == str(newest)
    assert [row["step"] for row in results["log_history"] if "loss" in row] == [1, 2, 3]
