"""Saved rollouts: a real 2-step GRPO run writes shards `datasets` reads back, and the writer's resume and size
bounds."""

import json
import math

import pytest

import train
from eval.rollouts import RolloutWriter, read_rollouts, rollout_files, rollout_rows, shard_name
from rewards.protocol import Status, Verdict

G, BATCH = 4, 16


@pytest.mark.slow
def test_a_two_step_run_saves_rollouts_that_datasets_reads_back(tiny_policy, tmp_path):
    from datasets import load_dataset

    _, _, path = tiny_policy
    out = tmp_path / "out"
    results = train.main(["--model", str(path), "--output_dir", str(out), "--env_kwargs", "digits=1", "n_train=90",
                          "n_eval=10", "--max_steps", "2", "--per_device_train_batch_size", str(BATCH),
                          "--num_generations", str(G), "--max_completion_length", "6", "--logging_steps", "1",
                          "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--reward", "math_exact",
                          "--reward", "0.5*format_boxed_soft"])
    assert [p.name for p in rollout_files(out)] == [shard_name(1, 0, 0), shard_name(2, 0, 0)]
    data = load_dataset("parquet", data_files=str(out / "rollouts" / "*.parquet"), split="train")
    assert len(data) == 2 * BATCH and data["step"] == [1] * BATCH + [2] * BATCH
    assert read_rollouts(out)["completion"] == data["completion"]
    rows = data.to_list()
    assert all(r["reward_names"] == ["math_exact", "format_boxed_soft"] for r in rows)
    for r in rows:
        assert r["statuses"][0] in {s.value for s in Status} and len(r["details"]) == 2
        assert json.loads(r["columns"])["answer"] and r["prompt"] and r["prompt_messages"] is None
        assert r["reward"] == pytest.approx(r["rewards"][0] + 0.5 * r["rewards"][1])
        assert (r["statuses"][0] == "correct") == (r["rewards"][0] == 1.0)
    for step in (1, 2):  # the mean saved reward is the step's logged reward; each group's advantages sum to 0
        saved = [r for r in rows if r["step"] == step]
        logged = next(h for h in results["log_history"] if h.get("step") == step and "reward" in h)
        assert sum(r["reward"] for r in saved) / len(saved) == pytest.approx(logged["reward"], abs=1e-5)
        groups = {r["group"] for r in saved}
        assert groups == set(range(BATCH // G))
        for g in groups:
            members = [r for r in saved if r["group"] == g]
            assert len(members) == G and len({r["prompt"] for r in members}) == 1
            assert math.fsum(r["advantage"] for r in members) == pytest.approx(0.0, abs=1e-4)


def table(step, n=4, detail="x"):
    verdicts = [Verdict(1.0, Status.CORRECT, detail, "4")] * n
    return rollout_rows(step=step, rank=0, groups=[0] * n, prompts=["2+2?"] * n, completions=["4"] * n,
                        columns=[{"answer": "4"}] * n, reward_names=["math_exact"], scores=[[1.0] * n],
                        verdicts=[verdicts], weights=[1.0], advantages=[0.0] * n)


def test_a_resumed_run_replaces_the_steps_it_regenerates(tmp_path):
    first = RolloutWriter(tmp_path, rank=0)
    for step in (1, 2, 3, 3):
        first.write(table(step))
    assert [p.name for p in rollout_files(tmp_path)] == [shard_name(1, 0, 0), shard_name(2, 0, 0),
                                                          shard_name(3, 0, 0), shard_name(3, 1, 0)]
    resumed = RolloutWriter(tmp_path, rank=0)  # resumed from the checkpoint of step 1
    resumed.write(table(2))
    assert [p.name for p in rollout_files(tmp_path)] == [shard_name(1, 0, 0), shard_name(2, 0, 0)]


def test_writing_stops_at_the_size_budget_with_a_warning(tmp_path, caplog):
    writer = RolloutWriter(tmp_path, rank=0, max_mb=1 / 2**20)  # one byte: the first shard fills it
    assert writer.write(table(1)) is not None
    assert writer.write(table(2)) is None and writer.write(table(3)) is None
    assert len(rollout_files(tmp_path)) == 1
    assert [r.message for r in caplog.records].count(next(r.message for r in caplog.records
                                                           if "Saved rollouts reached" in r.message)) == 1


def test_long_fields_are_capped_and_marked(tmp_path):
    from eval.rollouts import MAX_NOTE, MAX_TEXT

    long = table(1, n=1, detail="d" * (MAX_NOTE * 3))
    row = long.to_pylist()[0]
    assert len(row["details"][0]) == MAX_NOTE and row["truncated"] is False
    big = rollout_rows(step=1, rank=0, groups=[0], prompts=["p"], completions=["c" * (MAX_TEXT + 5)],
                       columns=[{"answer": "4"}], reward_names=["r"], scores=[[float("nan")]], verdicts=[None],
                       weights=[1.0], advantages=[0.0]).to_pylist()[0]
    assert len(big["completion"]) == MAX_TEXT and big["truncated"] is True
    assert big["rewards"] == [None] and big["reward"] is None and big["statuses"] == [None]


def test_a_run_without_rollouts_is_a_clear_error(tmp_path):
    from rewards.errors import RlvrError

    with pytest.raises(RlvrError, match="No saved rollouts under"):
        rollout_files(tmp_path)
