"""train.py on the humaneval env: the real GRPOTrainer calls code_tests with the env's columns, batch by batch."""

import pytest

import train


@pytest.mark.slow
def test_grpo_trains_on_humaneval_with_code_tests(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    results = train.main([
        "--model", str(path), "--output_dir", str(tmp_path / "out"), "--env", "humaneval",
        "--env_kwargs", "train_percent=50", "--max_steps", "2", "--per_device_train_batch_size", "8",
        "--num_generations", "4", "--max_completion_length", "8", "--logging_steps", "1",
        "--eval_n", "2", "--eval_k", "1", "2", "--eval_limit", "3"])
    logged = {k: v for row in results["log_history"] for k, v in row.items()}
    assert results["rewards"] == ["code_tests"]
    # A 30k-parameter arithmetic model writes no working code: every completion is judged, and scores 0.
    assert logged["rewards/code_tests/mean"] == 0.0 and "code_tests/timeout_rate" in logged
    assert results["after"]["n_problems"] == 3
