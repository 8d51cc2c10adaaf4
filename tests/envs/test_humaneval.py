"""HumanEval offline: all 164 canonical solutions pass code_tests in the real sandbox, and a wrong variant of each
(its output perturbed) does not."""

from __future__ import annotations

import pytest

import envs
import rewards
from envs.humaneval import wrong_solution


@pytest.fixture(scope="module")
def humaneval():
    return envs.make("humaneval").eval


@pytest.fixture(scope="module")
def reward():
    return rewards.get("code_tests")


def _columns(ds):
    return {k: ds[k] for k in ("code_prompt", "test", "entry_point")}


def test_all_164_canonical_solutions_score_one(humaneval, reward):
    assert len(humaneval) == 164
    verdicts = reward.verdicts(humaneval["reference"], **_columns(humaneval))
    failed = [(t, v) for t, v in zip(humaneval["task_id"], verdicts, strict=True) if v.score != 1.0]
    assert not failed


def test_a_wrong_variant_of_each_scores_below_one(humaneval, reward):
    wrong = [wrong_solution(ref, entry)
             for ref, entry in zip(humaneval["reference"], humaneval["entry_point"], strict=True)]
    verdicts = reward.verdicts(wrong, **_columns(humaneval))
    passed = [t for t, v in zip(humaneval["task_id"], verdicts, strict=True) if v.score >= 1.0]
    assert not passed


def test_full_function_and_fenced_completions_are_accepted(humaneval, reward):
    """A chat model answers with the whole function in a fenced block; the prompt still supplies the imports."""
    row = humaneval[0]
    full = row["code_prompt"] + row["reference"]
    body_only_def = full.split("from typing import List\n", 1)[1]  # no import: the prompt must supply it
    fenced = f"Here you go:\n```python\n{body_only_def}```\nHope this helps."
    assert reward([fenced, "```python\n```"], **{k: [row[k]] * 2 for k in ("code_prompt", "test", "entry_point")}) \
        == [1.0, 0.0]


def test_splits(humaneval):
    env = envs.make("humaneval", train_percent=50)
    assert set(env.train["task_id"]).isdisjoint(env.eval["task_id"])
    assert len(env.train) + len(env.eval) == 164 and 50 < len(env.train) < 114
    chat = envs.make("humaneval", chat=True).eval
    assert chat["prompt"][0][0]["role"] == "user" and chat["code_prompt"][0] in chat["prompt"][0][0]["content"]


def test_reward_hacking_audit_pays_no_hack(reward):
    """rewards.audit's harness hacks (sys.exit, os._exit, always-equal, fake PASS, reading the tests from the
    caller's frame, 1 MB output) earn nothing, while prompt + canonical solution earns 1.0."""
    from rewards.audit import audit

    report = audit(reward, envs.make("humaneval").heldout_rows(8))
    earned = {r.case.name: r.scores for r in report.results}
    assert report.passed and earned["honest correct"] == [1.0] * 8
    assert all(s == 0.0 for name, scores in earned.items() if name != "honest correct" for s in scores)
