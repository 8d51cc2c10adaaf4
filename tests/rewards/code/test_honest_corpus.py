"""The honest corpus (tests/rewards/code/honest/): correct solutions must pass in plain Python and score 1.0 in
``code_tests`` at its defaults. A case that plain Python passes and the sandbox fails is a false negative: the
failure message lists every such case with its verdict."""

from __future__ import annotations

from typing import Any

import pytest
from honest import STYLES, Case, all_cases, cases_sweep2, cases_sweep3
from honest.reference import run_plain

from rewards.code import CodeTests
from rewards.protocol import Verdict

CASES = all_cases()

# Correct code code_tests still fails, on purpose or for want of a design, each with why (docs/sandbox.md, "What honest
# code keeps"). A case here must still fail: one that starts to pass leaves the list. Emptied when issue 37's last
# three (a test's lambda, an object's own text and truth) were given their one-process meaning; the held-out sweep of
# 2026-12-04 (cases_sweep) found eight, emptied again the same day (large answers, hashes, generators, namedtuple
# methods, aliased arguments, dataclasses.asdict).
# The second held-out sweep (cases_sweep2, 2026-12-04) lists what it found in its own KNOWN_FAILING, for the lead to
# fix or keep; until then they are known differences here.
# The third (cases_sweep3, 2026-12-04) likewise.
KNOWN_DIFFERENCES: dict[str, str] = {**cases_sweep2.KNOWN_FAILING, **cases_sweep3.KNOWN_FAILING}
# What broke a case, read off its verdict's detail.
LAYERS = (("cannot pass", "transport: an argument that cannot cross"), ("cannot return", "transport: an answer"),
          ("remote object", "handles: a use of a RemoteObject refused"), ("RemoteObject", "handles: a RemoteObject"),
          ("Operation not permitted", "seccomp: a system call refused"), ("timeout", "deadline"),
          ("deadline", "deadline"), ("MemoryError", "memory limit"), ("wrong output", "script: stdout differs"))


def layer(detail: str) -> str:
    """The layer a failed case's detail points at (the first of `LAYERS` it mentions), else the test itself."""
    return next((name for mark, name in LAYERS if mark in detail), "the test's own assertion")


def columns(cases: list[Case]) -> dict[str, list[Any]]:
    """The dataset columns of ``cases`` as TRL passes them: one list per column, None where a row lacks it."""
    names = sorted({k for c in cases for k in c.row})
    return {k: [c.row.get(k) for c in cases] for k in names}


def judge(reward: CodeTests, cases: list[Case]) -> list[Verdict | None]:
    """Judge ``cases`` as one batch (code_tests runs a batch's completions concurrently, one per slot)."""
    return reward.judge([c.completion for c in cases], **columns(cases))


def failures(cases: list[Case], verdicts: list[Verdict | None]) -> list[str]:
    """``id: status score detail`` of each case that did not score 1.0."""
    out = []
    for case, v in zip(cases, verdicts, strict=True):
        if v is None:
            out.append(f"{case.id}: unscored (None)")
        elif v.score != 1.0:
            out.append(f"{case.id} [{layer(v.detail)}]: {v.status.value} {v.score:.2f} {v.detail}")
    return out


def test_corpus_is_large_and_covers_every_style():
    assert len(CASES) >= 300
    for style in STYLES:
        assert sum(c.style == style for c in CASES) >= 50, style


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_passes_in_plain_python(case: Case):
    problem = run_plain(case)
    assert problem is None, f"{case.id} fails in plain Python: {problem}"


@pytest.fixture(scope="module")
def verdicts() -> dict[str, Verdict | None]:
    reward = CodeTests()
    return dict(zip([c.id for c in CASES], judge(reward, CASES), strict=True))


@pytest.mark.parametrize("style", STYLES)
def test_every_case_scores_one_in_code_tests(style: str, verdicts: dict[str, Verdict | None]):
    cases = [c for c in CASES if c.style == style and c.id not in KNOWN_DIFFERENCES]
    failed = failures(cases, [verdicts[c.id] for c in cases])
    assert not failed, (f"{len(failed)} of {len(cases)} correct {style} solutions do not score 1.0 in code_tests:\n"
                        + "\n".join(failed))


@pytest.mark.parametrize("case", sorted(KNOWN_DIFFERENCES))
def test_each_known_difference_still_fails(case: str, verdicts: dict[str, Verdict | None]):
    verdict = verdicts[case]
    assert verdict is not None and verdict.score < 1.0, f"{case} passes now: take it off KNOWN_DIFFERENCES"
