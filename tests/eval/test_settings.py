"""``python -m eval`` evaluates with the settings training used: the env's training defaults, or a run's own
(``--from-run``), under any flag; and it takes train.py's flag spellings."""

import json

import pytest

import envs
from eval.__main__ import main


@pytest.fixture(scope="module")
def long_env():
    """A plain env that trains with 3-token completions (so its default differs from the generic 64)."""
    if "short_arithmetic" not in envs.available():
        envs.register("short_arithmetic", "envs.arithmetic:build", rewards=("math_exact",),
                      kwargs={"digits": 1, "n_train": 20, "n_eval": 6}, train_defaults={"max_completion_length": 3})
    return "short_arithmetic"


def run(tiny_policy, tmp_path, *args):
    _, _, path = tiny_policy
    return main(["--model", str(path), "--n", "2", "--k", "1", "--no-greedy", "--out", str(tmp_path / "out"), *args])


def test_an_envs_training_default_sets_the_budget_unless_a_flag_does(tiny_policy, tmp_path, long_env, capsys):
    data = run(tiny_policy, tmp_path, "--env", long_env)
    assert data["max_new_tokens"] == 3 and data["provenance"]["sampling"]["max_new_tokens"] == 3
    assert data["mean_completion_tokens"] <= 3
    printed = capsys.readouterr().out
    assert "settings: max new tokens 3" in printed
    assert data["clipped_rate"] > 0.1 and "of the completions were cut off at max new tokens 3 (clipped)" in printed
    assert run(tiny_policy, tmp_path, "--env", long_env, "--max-new-tokens", "5")["max_new_tokens"] == 5
    assert run(tiny_policy, tmp_path, "--env", "arithmetic", "--env-kwargs", "digits=1", "n_eval=4")[
        "max_new_tokens"] == 64  # no training default: the generic budget


def test_from_run_takes_the_runs_env_and_generation_settings(tiny_policy, tmp_path):
    results = {"grpo_config": {"max_completion_length": 4, "max_tool_calling_iterations": None, "temperature": 0.5,
                               "top_p": 0.9},
               "script_args": {"env": "arithmetic", "env_kwargs": ["digits=1", "n_eval=5"]}}
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "results.json").write_text(json.dumps(results))
    data = run(tiny_policy, tmp_path, "--from-run", str(tmp_path / "run"))
    assert data["n_problems"] == 5 and data["max_new_tokens"] == 4
    assert data["provenance"]["sampling"]["temperature"] == 0.5 and data["provenance"]["sampling"]["top_p"] == 0.9
    flagged = run(tiny_policy, tmp_path, "--from_run", str(tmp_path / "run" / "results.json"), "--max_new_tokens", "6",
                  "--temperature", "1.0")
    assert flagged["max_new_tokens"] == 6 and flagged["provenance"]["sampling"]["temperature"] == 1.0


@pytest.mark.parametrize("doc, message", [
    (None, "no such file"),
    ({"before": {}}, "is not a train.py results.json"),
])
def test_from_run_that_is_not_a_run_is_a_usage_error(tiny_policy, tmp_path, capsys, doc, message):
    path = tmp_path / "results.json"
    if doc is not None:
        path.write_text(json.dumps(doc))
    with pytest.raises(SystemExit):
        run(tiny_policy, tmp_path, "--from-run", str(path))
    assert message in capsys.readouterr().err


def test_env_kwargs_takes_train_pys_spelling_and_env_is_required_without_a_run(tiny_policy, tmp_path, capsys):
    data = run(tiny_policy, tmp_path, "--env", "arithmetic", "--env_kwargs", "digits=1", "n_eval=3")
    assert data["n_problems"] == 3
    with pytest.raises(SystemExit):
        run(tiny_policy, tmp_path)
    assert "--env is required (or --from-run RUN" in capsys.readouterr().err
