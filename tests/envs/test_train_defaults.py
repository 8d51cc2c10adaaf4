"""An env's training defaults (``EnvSpec.train_defaults``): names checked at registration against TRL's real
`GRPOConfig`, and the values the tool envs carry."""

from __future__ import annotations

import dataclasses
import re

import pytest

import envs
from envs.grpo_defaults import SCRIPT_FIELDS, grpo_fields
from rewards.errors import RegistrationError


def test_field_names_read_from_source_are_grpoconfigs_own():
    from trl import GRPOConfig

    assert grpo_fields() == {f.name for f in dataclasses.fields(GRPOConfig)}


def test_an_unknown_field_fails_at_registration_naming_it_and_the_closest():
    with pytest.raises(RegistrationError, match=r"'max_completion_lenght'.*Did you mean 'max_completion_length'"):
        envs.register("test_typo_defaults", "envs.arithmetic:build", rewards=("math_exact",),
                      train_defaults={"max_completion_lenght": 64})
    assert "test_typo_defaults" not in envs.available()


@pytest.mark.parametrize("defaults, message", [
    ({"output_dir": "/tmp/x"}, "cannot set 'output_dir'"),
    ({"model": "gpt2"}, "cannot set 'model'"),
    ([("max_steps", 3)], "train_defaults maps GRPOConfig fields"),
    ({"max_steps": object()}, r"train_defaults\['max_steps'\] must be a plain value"),
])
def test_train_defaults_that_are_not_settings_fail_at_registration(defaults, message):
    with pytest.raises(RegistrationError, match=message):
        envs.register("test_bad_defaults", "envs.arithmetic:build", rewards=("math_exact",), train_defaults=defaults)


def test_tool_envs_carry_defaults_and_plain_envs_none():
    products = envs.train_defaults("products_calculator")
    assert products["max_completion_length"] == 128 and products["max_tool_calling_iterations"] == 2
    assert products["eval_limit"] == 200 and envs.train_defaults("products_python") == products
    tool_envs = ("products_calculator", "products_python", "gsm8k_python", "math_python", "humaneval_python",
                 "mbpp_python")
    plain_envs = ("arithmetic", "countdown", "gsm8k", "math", "humaneval", "mbpp", "reasoning_gym:chain_sum")
    for env_id in tool_envs + plain_envs:  # the built-in ones: other tests register envs of their own
        spec = envs.spec(env_id)
        assert bool(spec.train_defaults) == (env_id in tool_envs) == (spec.environment is not None), env_id
        assert set(spec.train_defaults) <= grpo_fields() | set(SCRIPT_FIELDS)
    assert envs.train_defaults("arithmetic:0.7,countdown:0.3") == {}


def test_a_mixtures_defaults_take_the_largest_room_and_what_one_env_sets():
    products = envs.train_defaults("products_calculator")
    assert envs.train_defaults("products_calculator,arithmetic") == products  # arithmetic sets nothing
    merged = envs.train_defaults("products_calculator:3,gsm8k_python")
    assert (merged["max_completion_length"], merged["max_tool_calling_iterations"]) == (512, 4)  # gsm8k_python's
    assert merged["max_steps"] == products["max_steps"] and merged["eval_limit"] == products["eval_limit"]
    assert "max_steps" not in envs.train_defaults("products_calculator,arithmetic", settled={"max_steps"})


def test_conflicting_mixture_defaults_name_the_field_the_envs_and_the_flag():
    from envs.grpo_defaults import TrainDefaultsConflictError

    for name, steps in (("test_steps_a", 10), ("test_steps_b", 20)):
        envs.register(name, "envs.arithmetic:build", rewards=("math_exact",),
                      train_defaults={"max_steps": steps, "max_completion_length": steps})
    with pytest.raises(TrainDefaultsConflictError, match=re.escape(
            "Mixture 'test_steps_a,test_steps_b': its envs set different train defaults for 'max_steps' (10 for "
            "'test_steps_a', 20 for 'test_steps_b'); only max_completion_length, max_tool_calling_iterations are "
            "merged (the largest wins). Set it yourself: --max_steps VALUE")):
        envs.train_defaults("test_steps_a,test_steps_b")
    assert envs.train_defaults("test_steps_a,test_steps_b", settled={"max_steps"}) == {"max_completion_length": 20}


def test_mixture_defaults_merge_list_values_by_equality():
    from envs.grpo_defaults import TrainDefaultsConflictError, merge_train_defaults

    assert merge_train_defaults({"a": {"eval_k": [1, 8]}, "b": {"eval_k": [1, 8]}}, "Mixture 'a,b'") == {
        "eval_k": [1, 8]}
    with pytest.raises(TrainDefaultsConflictError, match=re.escape("'eval_k' ([1, 8] for 'a', [1, 4] for 'b')")):
        merge_train_defaults({"a": {"eval_k": [1, 8]}, "b": {"eval_k": [1, 4]}}, "Mixture 'a,b'")
