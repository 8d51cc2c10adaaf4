"""train.py --dynamic_sampling: resume continues the extra-prompt stream, a mixture keeps its tasks' shares, and two
processes keep every group whole on its rank."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from test_train import tiny_args
from test_train_distributed import _launch_two

import train
from rewards.errors import RlvrError
from training.dynamic import STATE_FILE


def _records(out, rank=0):
    return [json.loads(line) for line in (out / f"dynamic_sampling.rank{rank}.jsonl").read_text().splitlines()]


def _draws(records, steps):
    """Extra-prompt draws made in ``steps``: one per round after the first."""
    return sum(r["rounds"] - 1 for r in records if r["step"] in steps)


def test_dynamic_sampling_checkpoints_and_resumes(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    out = tmp_path / "out"
    flags = ["--dynamic_sampling", "--dynamic_sampling_max_rounds", "2", "--save_strategy", "steps", "--save_steps",
             "2"]
    first = train.main(tiny_args(path, out, *flags, "--max_steps", "2"))
    logged = [row for row in first["log_history"] if "dynamic/groups_generated" in row]
    assert len(logged) == 2 and all(row["dynamic/groups_kept"] + row["dynamic/groups_padded"] == 4 for row in logged)
    saved = json.loads((out / "checkpoint-2" / STATE_FILE).read_text())
    assert saved["extra_draws"] == _draws(_records(out), {0, 1})

    train.main(tiny_args(path, out, *flags, "--max_steps", "4", "--resume_from_checkpoint", "true"))
    records = _records(out)
    assert [r["step"] for r in records] == [0, 1, 2, 3]
    # continued from the saved position, not restarted at 0
    assert json.loads((out / "checkpoint-4" / STATE_FILE).read_text())["extra_draws"] == _draws(records, {0, 1, 2, 3})


def test_a_resume_that_switches_dynamic_sampling_is_refused(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    out = tmp_path / "out"
    train.main(tiny_args(path, out, "--save_strategy", "steps", "--save_steps", "1", "--max_steps", "1"))
    with pytest.raises(RlvrError, match="dynamic_sampling"):
        train.main(tiny_args(path, out, "--dynamic_sampling", "--max_steps", "2", "--resume_from_checkpoint", "true"))


def test_options_are_checked_when_parsed():
    with pytest.raises(RlvrError, match="dynamic_sampling_max_rounds must be >= 1"):
        train.parse_args(["--dynamic_sampling", "--dynamic_sampling_max_rounds", "0"])
    with pytest.raises(RlvrError, match="not combined"):
        train.parse_args(["--dynamic_sampling", "--difficulty_sampling"])


def test_a_mixture_fills_each_tasks_slots_with_its_own_groups(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    out = tmp_path / "out"
    results = train.main(["--model", str(path), "--env", "arithmetic:0.5,countdown:0.5", "--env_kwargs",
                          "arithmetic.digits=1", "n_train=60", "n_eval=6", "--output_dir", str(out), "--max_steps", "2",
                          "--per_device_train_batch_size", "32", "--num_generations", "4", "--max_completion_length",
                          "12", "--logging_steps", "1", "--eval_n", "2", "--eval_k", "1", "--dynamic_sampling",
                          "--dynamic_sampling_max_rounds", "2"])
    for record in _records(out):
        assert Counter(g["task"] for g in record["groups"]) == record["slots"]  # the drawn batch's task shares
        assert all(g["outcome"] == "mixed" for g in record["groups"] if not g["padded"])
    row = [r for r in results["log_history"] if "dynamic/countdown/padded" in r][-1]
    for task in ("arithmetic", "countdown"):
        assert {f"dynamic/{task}/{k}" for k in ("kept", "padded", "dropped")} <= row.keys()
    assert row["dynamic/countdown/kept"] == 0  # the arithmetic policy never solves countdown: no mixed group


@pytest.mark.slow
def test_two_processes_keep_groups_whole_on_their_rank(tiny_policy, tmp_path):
    """Each rank's trained groups are groups that rank scored whole (G rows of one prompt in one round's call), the
    kept ones mixed; both ranks run the same rounds each step."""
    out = tmp_path / "run"
    _launch_two(tiny_policy, tmp_path, out, 29521, "--reward", "distributed_rewards:mixed_by_prompt",
                "--dynamic_sampling", "--dynamic_sampling_max_rounds", "3", "--max_steps", "3",
                "--per_device_train_batch_size", "8", "--eval_limit", "4", PROMPT_LOG=str(tmp_path / "prompts"))
    rounds = {}
    for rank in (0, 1):
        _, *calls = (json.loads(line) for line in (tmp_path / f"prompts.rank{rank}").read_text().splitlines())
        for record in _records(out, rank):
            scored = [Counter(c["prompts"]) for c in calls if c["step"] == record["step"]]
            assert len(scored) == record["rounds"] <= 3
            assert len(record["groups"]) == 2  # 8 rows a rank = 2 groups of 4
            for group in record["groups"]:
                # whole on this rank: G rows of the prompt in that round's call (twice G if it was drawn twice)
                assert scored[group["round"]][group["prompt"]] in (4, 8), (rank, record)
                assert group["padded"] or int(group["prompt"][0]) % 3 == 0
            rounds.setdefault(record["step"], []).append(record["rounds"])
    assert sorted(rounds) == [0, 1, 2] and all(a == b for a, b in rounds.values())
