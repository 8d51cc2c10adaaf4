"""``envs.make("openenv:...")``: an OpenEnv environment this repo did not write (the echo env ``openenv init``
scaffolds from the package's own template), in process and served, and a served rlvr-kit env loaded back; its
rollouts run as TRL runs an ``environment_factory`` and are scored by the environment's own reward, or left unscored
(``None``, never 0) when its server is down."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("openenv")
from openenv.core.env_server.http_server import create_app  # noqa: E402
from transformers.utils import get_json_schema  # noqa: E402

import envs  # noqa: E402
import rewards  # noqa: E402
from envs.openenv.serve import app  # noqa: E402
from tests.envs.openenv_server import ECHO, free_port, running  # noqa: E402


def reward_of(rollout, completion="done"):
    logged: dict[str, float] = {}
    scores = rewards.get("env_reward")(completions=[completion], environments=[rollout],
                                       log_metric=logged.__setitem__)
    return scores[0], logged["env_reward/unscorable_rate"]


def test_an_in_process_echo_env_plays_through_its_step_tool_and_scores_itself(echo):
    env = envs.make(f"openenv:{ECHO}", n_train=3, n_eval=2)
    envs.check_env(env)  # splits, prompts, the tools TRL reads, env_reward on rows
    assert env.train[1]["prompt"][0]["content"].startswith("Episode train-1. The environment reports: ")
    rollout_class = env.environment_factory
    schema = get_json_schema(rollout_class.step)  # what TRL shows the model
    assert schema["function"]["parameters"]["required"] == ["message"]
    rollout = rollout_class()
    assert rollout.reset(**env.train[0]) is None
    assert rollout.step(message="hello") == '{"echoed_message": "hello", "message_length": 5}'
    with pytest.raises(TypeError, match=re.escape("unknown ['msg'], missing ['message']")):
        rollout.step(msg="hello")  # the model's mistake: TRL tells it, the episode goes on
    assert reward_of(rollout) == (0.5, 0.0)  # the scaffold's own reward: 0.1 a character, at most 1


def test_a_served_echo_env_is_scored_until_its_server_goes_down(echo):
    scaffold = create_app(echo.EchoEnvironment, echo.EchoAction, echo.EchoObservation, max_concurrent_envs=2)
    with running(scaffold) as url:
        env = envs.make(f"openenv:{url}", n_train=2, n_eval=2, timeout=5)
        before, during = env.environment_factory(), env.environment_factory()
        before.reset(**env.train[0])
        before.step(message="a" * 20)
        assert reward_of(before) == (1.0, 0.0)
        during.reset(**env.train[1])
        during.step(message="abc")
    # the server is gone mid-episode: the next step fails, and the rollout is unscored, not 0
    assert "cannot be scored" in during.step(message="abcdef")
    assert reward_of(during) == (None, 1.0)
    after = env.environment_factory()
    after.reset(**env.train[0])  # never raises inside TRL's loop
    assert reward_of(after) == (None, 1.0)


def test_an_unreachable_server_is_named_when_the_env_is_made():
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(rewards.RlvrError, match=re.escape(f"Cannot reach the OpenEnv environment '{url}'")):
        envs.make(f"openenv:{url}", n_train=1, n_eval=1, timeout=2)


def test_a_served_rlvr_env_loaded_back_takes_the_final_message_as_its_answer():
    arithmetic = envs.make("arithmetic", n_train=20, n_eval=10)
    with running(app(arithmetic, max_concurrent=3)) as url:
        env = envs.make(f"openenv:{url}", n_train=4, n_eval=3)
        served_prompts = {p[0]["content"] for p in env.eval["prompt"]}
        assert served_prompts <= set(arithmetic.eval["prompt"])  # the served env's own problems, as chat
        answers = dict(zip(arithmetic.eval["prompt"], arithmetic.eval["answer"]))
        row = env.eval[0]
        right, wrong = env.environment_factory(), env.environment_factory()
        for rollout in (right, wrong):
            rollout.reset(**row)
        answer = answers[row["prompt"][0]["content"]]
        assert reward_of(right, f"\\boxed{{{answer}}}") == (1.0, 0.0)
        assert reward_of(wrong, f"\\boxed{{{int(answer) + 1}}}") == (0.0, 0.0)


def test_a_served_tool_env_loaded_back_offers_its_own_tools():
    products = envs.make("products_calculator", n_train=4, n_eval=2)
    with running(app(products, max_concurrent=2)) as url:
        env = envs.make(f"openenv:{url}", n_train=2, n_eval=1)
        rollout = env.environment_factory()
        assert get_json_schema(type(rollout).calculator)["function"]["parameters"]["required"] == ["expression"]
        rollout.reset(**env.train[0])
        assert rollout.calculator(expression="123 * 456") == "56088"
        assert reward_of(rollout, "\\boxed{0}")[0] == 0.0


def test_import_envs_loads_no_openenv_and_a_missing_package_names_the_install_command(monkeypatch):
    code = ("import sys, envs, rewards; envs.spec('openenv:http://x'); "
            "print(any(m.startswith('openenv') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert out.stdout.strip() == "False"
    monkeypatch.setitem(sys.modules, "openenv", None)  # what Python does when the package is absent
    with pytest.raises(rewards.RlvrError, match=re.escape("pip install 'rlvr-kit[openenv]'")):
        envs.make("openenv:http://127.0.0.1:1")


def test_evaluation_with_a_custom_sampler_is_refused_and_a_reset_without_a_seed_is_unscored(echo):
    from eval.harness import evaluate

    env = envs.make(f"openenv:{ECHO}", n_train=2, n_eval=2)
    with pytest.raises(rewards.RlvrError, match="is scored by its environment"):
        evaluate(None, None, env, n=1, sampler=lambda prompts, n, greedy, seed: None)
    rollout = env.environment_factory()
    rollout.reset(prompt=env.eval[0]["prompt"])  # what a loop that hands reset only the prompt would do
    assert "cannot be scored" in rollout.step(message="hello")
    assert reward_of(rollout) == (None, 1.0)
