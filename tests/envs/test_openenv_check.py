"""RFC 008's semantic checks (`envs.openenv.check.check_semantics`) pass on the scaffolded echo env and a served
rlvr-kit env with a reference policy, and fail on an environment that ignores its seed and pays for doing nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("openenv")
from openenv.core.env_server.interfaces import Environment  # noqa: E402
from openenv.core.env_server.types import Action, Observation, State  # noqa: E402

import envs  # noqa: E402
from envs.openenv.check import check_semantics  # noqa: E402
from envs.openenv.serve import app  # noqa: E402
from tests.envs.openenv_server import ECHO, running  # noqa: E402


class Guess(Action):
    value: int = 0


class Number(Observation):
    number: int = 0


class Unseeded(Environment):
    """Draws its number without the seed, and rewards a reset as much as a right guess."""

    def __init__(self) -> None:
        self._number = 0

    def reset(self, seed: int | None = None, episode_id: str | None = None, **kwargs: Any) -> Number:
        self._number = random.randrange(10**9)
        return Number(number=self._number, reward=1.0)

    def step(self, action: Guess) -> Number:
        return Number(number=self._number, reward=float(action.value == self._number), done=True)

    @property
    def state(self) -> State:
        return State()


def statuses(report: dict[str, dict[str, Any]]) -> dict[str, str]:
    return {check: result["status"] for check, result in report.items()}


def test_the_scaffolded_echo_env_passes_with_a_reference_and_skips_the_oracle_without(echo):
    long_enough = [{"message": "0123456789"}]  # the scaffold pays 0.1 a character, at most 1
    assert statuses(check_semantics(ECHO, oracle=lambda observation: long_enough)) == {
        "semantic.replayability": "pass", "semantic.oracle_max": "pass", "semantic.floor_gap": "pass"}
    assert statuses(check_semantics(ECHO))["semantic.oracle_max"] == "skip"
    short = check_semantics(ECHO, oracle=lambda observation: [{"message": "hi"}])["semantic.oracle_max"]
    assert short["status"] == "fail" and "short on seeds [0, 1, 2, 3]" in short["detail"]


def test_an_env_that_ignores_its_seed_and_pays_for_nothing_fails_both():
    target = f"{__name__}:Unseeded"
    report = check_semantics(target, oracle=lambda observation: [{"value": observation["number"]}], seeds=[0, 1])
    assert statuses(report) == {"semantic.replayability": "fail", "semantic.oracle_max": "pass",
                                "semantic.floor_gap": "fail"}
    assert "seeds [0, 1]" in report["semantic.replayability"]["detail"]


def test_a_served_rlvr_env_passes_with_its_reference_answers_as_the_oracle():
    arithmetic = envs.make("arithmetic", n_train=10, n_eval=8)
    references = {row["prompt"]: row["reference"] for row in arithmetic.eval}
    with running(app(arithmetic, max_concurrent=4)) as url:
        report = check_semantics(url, oracle=lambda observation: [
            {"content": references[observation["prompt"][0]["content"]]}])
    assert statuses(report) == {"semantic.replayability": "pass", "semantic.oracle_max": "pass",
                                "semantic.floor_gap": "pass"}
    assert "do-nothing ([{'content': ''}])" in report["semantic.floor_gap"]["detail"]
