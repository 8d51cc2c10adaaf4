"""Which checkpoint --resume_from_checkpoint means, and the identity check, on checkpoint folders made by hand."""

import re

import pytest

from rewards.errors import RlvrError
from training.resume import (
    ResumeError,
    check_output_dir_is_free,
    check_same_run,
    newest_checkpoint,
    resolve_checkpoint,
    run_identity,
    write_identity,
)


def checkpoint(out, step, complete=True):
    path = out / f"checkpoint-{step}"
    path.mkdir(parents=True)
    if complete:
        (path / "trainer_state.json").write_text("{}")
    return path


def test_true_means_the_newest_complete_checkpoint(tmp_path):
    checkpoint(tmp_path, 2)
    checkpoint(tmp_path, 10)
    checkpoint(tmp_path, 12, complete=False)  # killed while saving
    assert resolve_checkpoint("true", tmp_path) == str(tmp_path / "checkpoint-10") == newest_checkpoint(tmp_path)
    assert resolve_checkpoint(str(tmp_path / "checkpoint-2"), tmp_path) == str(tmp_path / "checkpoint-2")
    assert resolve_checkpoint(None, tmp_path) is None and resolve_checkpoint("False", tmp_path) is None


def test_a_path_that_is_not_a_checkpoint_is_refused(tmp_path):
    with pytest.raises(ResumeError, match=re.escape(f"--resume_from_checkpoint {tmp_path / 'nope'}: not a checkpoint")):
        resolve_checkpoint(str(tmp_path / "nope"), tmp_path)


def test_a_different_model_is_named(tmp_path):
    ckpt = checkpoint(tmp_path, 4)
    write_identity(ckpt, run_identity({"id": "arithmetic", "version": 1}, ["math_exact"], None, "embedded"))
    check_same_run(ckpt, run_identity({"id": "arithmetic", "version": 1}, ["math_exact"], [1], "embedded"))
    with pytest.raises(ResumeError, match=re.escape("different model. model: checkpoint 'embedded', now 'Qwen/x'")):
        check_same_run(ckpt, run_identity({"id": "arithmetic", "version": 1}, ["math_exact"], None, "Qwen/x"))


def test_the_resume_message_names_the_checkpoint_its_step_and_the_reused_before(tmp_path):
    import json

    from training.resume import resume_message

    checkpoint = tmp_path / "checkpoint-20"
    checkpoint.mkdir()
    (checkpoint / "trainer_state.json").write_text(json.dumps({"global_step": 20}))
    assert resume_message(checkpoint, True, 50) == ("resuming from checkpoint-20 (step 20 of 50), reusing before.json "
                                                   "(the start model's evaluation)")
    assert resume_message(checkpoint, False).startswith("resuming from checkpoint-20 (step 20), evaluating the start "
                                                        "model again (before.json is missing")


def test_a_folder_of_an_interrupted_run_is_not_free_and_says_it_cannot_resume(tmp_path):
    (tmp_path / "before.json").write_text("{}")  # what a Ctrl-C during training leaves without checkpoints
    with pytest.raises(RlvrError, match=re.escape(
            f"--output_dir {tmp_path} already holds a run (before.json); a new run there would mix its files with "
            "that run's. Pass another --output_dir or move that folder away; it saved no checkpoint, so it cannot be "
            "resumed.")):
        check_output_dir_is_free(tmp_path)


def test_a_folder_with_checkpoints_names_the_resume_flag_and_the_newest(tmp_path):
    checkpoint(tmp_path, 2)
    checkpoint(tmp_path, 4)
    for name in ("results.json", "reward_curve.png", "reward_log.rank0.jsonl"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "model").mkdir()
    with pytest.raises(RlvrError, match=re.escape(
            "(results.json, model, reward_curve.png, checkpoint-2, checkpoint-4, reward_log.rank0.jsonl); ") + ".*" +
            re.escape("or continue it with --resume_from_checkpoint true (its newest checkpoint: checkpoint-4).")):
        check_output_dir_is_free(tmp_path)


def test_a_missing_empty_or_unrelated_folder_is_free(tmp_path):
    check_output_dir_is_free(tmp_path / "not_yet")
    check_output_dir_is_free(tmp_path)
    (tmp_path / "notes.txt").write_text("my notes")
    (tmp_path / "model.yaml").write_text("lr: 1")
    check_output_dir_is_free(tmp_path)
