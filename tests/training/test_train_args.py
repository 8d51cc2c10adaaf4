"""train.py's argument parsing across library versions."""

from __future__ import annotations

import train


def test_defaults_for_fields_this_trl_lacks_are_dropped(monkeypatch, tmp_path):
    # transformers 5.17 (the GPU image) has no `activation_checkpointing`; an unknown default must not leak out as an
    # extra parsed object.
    monkeypatch.setitem(train.DEFAULTS, "field_from_a_newer_transformers", True)
    parsed = train.parse_args(["--output_dir", str(tmp_path)])
    assert len(parsed) == 2
    script, config = parsed
    assert config.learning_rate == train.DEFAULTS["learning_rate"] and config.max_completion_length == 12
    assert not hasattr(config, "field_from_a_newer_transformers")


def test_an_envs_train_defaults_apply_under_the_yaml_and_the_flags(tmp_path):
    out = ["--output_dir", str(tmp_path)]
    script, config = train.parse_args(["--env", "products_calculator", *out])
    assert (config.max_completion_length, config.max_tool_calling_iterations, config.per_device_train_batch_size,
            config.max_steps, script.eval_limit) == (128, 2, 128, 50, 200)
    assert config.learning_rate == train.DEFAULTS["learning_rate"]  # what the env leaves alone stays train.py's

    yaml = tmp_path / "run.yaml"
    yaml.write_text("max_completion_length: 64\neval_limit: 50\nmax_steps: 7\n")
    script, config = train.parse_args(["--env", "products_calculator", "--config", str(yaml), *out])
    assert (config.max_completion_length, script.eval_limit, config.max_steps) == (64, 50, 7)
    assert config.max_tool_calling_iterations == 2  # not in the YAML: the env's

    script, config = train.parse_args(["--env", "products_calculator", "--config", str(yaml),
                                       "--max_completion_length", "32", "--eval_limit", "10", *out])
    assert (config.max_completion_length, script.eval_limit, config.max_steps) == (32, 10, 7)


def test_a_plain_env_keeps_train_pys_defaults(tmp_path):
    script, config = train.parse_args(["--env", "arithmetic", "--output_dir", str(tmp_path)])
    for name in ("max_completion_length", "per_device_train_batch_size", "max_steps", "learning_rate"):
        assert getattr(config, name) == train.DEFAULTS[name], name
    assert config.max_tool_calling_iterations is None and script.eval_limit is None
    assert train.env_train_defaults("arithmetic:0.7,countdown:0.3") == {}


def test_every_flag_an_env_may_set_is_a_train_py_flag():
    from dataclasses import fields

    from envs.grpo_defaults import SCRIPT_FIELDS

    assert set(SCRIPT_FIELDS) <= {f.name for f in fields(train.ScriptArguments)}


def test_a_tool_mixture_trains_with_its_merged_defaults_and_a_flag_settles_a_conflict(tmp_path):
    import pytest

    import envs
    from envs.grpo_defaults import TrainDefaultsConflictError

    out = ["--output_dir", str(tmp_path)]
    script, config = train.parse_args(["--env", "products_calculator,gsm8k_python", *out])
    assert (config.max_completion_length, config.max_tool_calling_iterations, config.max_steps) == (512, 4, 50)
    for name, steps in (("test_args_a", 10), ("test_args_b", 20)):
        envs.register(name, "envs.arithmetic:build", rewards=("math_exact",), train_defaults={"max_steps": steps})
    with pytest.raises(TrainDefaultsConflictError, match="Set it yourself: --max_steps VALUE"):
        train.parse_args(["--env", "test_args_a,test_args_b", *out])
    script, config = train.parse_args(["--env", "test_args_a,test_args_b", "--max_steps", "5", *out])
    assert config.max_steps == 5
    yaml = tmp_path / "run.yaml"
    yaml.write_text("max_steps: 7\n")
    script, config = train.parse_args(["--env", "test_args_a,test_args_b", "--config", str(yaml), *out])
    assert config.max_steps == 7


def test_a_hyphenated_flag_settles_a_mixture_conflict_as_the_underscored_one_does(tmp_path):
    import envs

    for name, steps in (("test_hyphen_a", 10), ("test_hyphen_b", 20)):
        envs.register(name, "envs.arithmetic:build", rewards=("math_exact",), train_defaults={"max_steps": steps})
    assert train.given_fields(["--max-steps", "5", "--env=x"]) == {"max_steps", "env"}
    script, config = train.parse_args(["--env", "test_hyphen_a,test_hyphen_b", "--max-steps", "5",
                                       "--output_dir", str(tmp_path)])
    assert config.max_steps == 5


def test_an_env_sizes_the_periodic_evaluation_under_the_flags(tmp_path):
    import envs

    envs.register("test_heldout_sizes", "envs.arithmetic:build", rewards=("math_exact",),
                  train_defaults={"eval_every_limit": 16, "eval_every_n": 2})
    out = ["--env", "test_heldout_sizes", "--output_dir", str(tmp_path), "--eval_every", "5"]
    script, _ = train.parse_args(out)
    assert (script.eval_every, script.eval_every_limit, script.eval_every_n) == (5, 16, 2)
    script, _ = train.parse_args([*out, "--eval_every_n", "8"])
    assert (script.eval_every_limit, script.eval_every_n) == (16, 8)
