"""The honest corpus (tests/rewards/code/honest/): correct solutions must pass in plain Python and score 1.0 in
``code_tests`` at its defaults. A case that plain Python passes and the sandbox fails is a false negative: the
failure message lists every such case with its verdict."""

from __future__ import annotations

from typing import Any

import pytest
from honest import (
    STYLES,
    Case,
    all_cases,
    cases_sweep5,
    cases_sweep6,
    cases_sweep7,
    cases_sweep8,
    cases_sweep9,
    cases_sweep11,
    differences,
)
from honest.reference import run_plain

from rewards.code import CodeTests
from rewards.protocol import Verdict

CASES = all_cases()

# Correct code code_tests fails on purpose (docs/sandbox.md, "The differences that remain"), one case each, kept out of
# the corpus: each must still pass in plain Python and still fail here.
DIFFERENCES = differences.CASES
# Correct code the fifth to ninth and eleventh held-out sweeps found failing and left open (each sweep's
# KNOWN_FAILING_WHY says why, each): each must still pass in plain Python and still fail here; one that starts to pass
# moves to that sweep's CASES.
SWEEPS = (cases_sweep5, cases_sweep6, cases_sweep7, cases_sweep8, cases_sweep9, cases_sweep11)
KNOWN_FAILING = [c for sweep in SWEEPS for c in sweep.KNOWN_FAILING]
KNOWN_FAILING_WHY = {case: (sweep.__name__.rsplit(".", 1)[-1], why) for sweep in SWEEPS
                     for case, why in sweep.KNOWN_FAILING_WHY.items()}
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


@pytest.mark.parametrize("case", CASES + DIFFERENCES + KNOWN_FAILING,
                         ids=[c.id for c in CASES + DIFFERENCES + KNOWN_FAILING])
def test_case_passes_in_plain_python(case: Case):
    problem = run_plain(case)
    assert problem is None, f"{case.id} fails in plain Python: {problem}"


@pytest.fixture(scope="module")
def verdicts() -> dict[str, Verdict | None]:
    reward = CodeTests()
    cases = CASES + DIFFERENCES + KNOWN_FAILING
    return dict(zip([c.id for c in cases], judge(reward, cases), strict=True))


@pytest.mark.parametrize("style", STYLES)
def test_every_case_scores_one_in_code_tests(style: str, verdicts: dict[str, Verdict | None]):
    cases = [c for c in CASES if c.style == style]
    failed = failures(cases, [verdicts[c.id] for c in cases])
    assert not failed, (f"{len(failed)} of {len(cases)} correct {style} solutions do not score 1.0 in code_tests:\n"
                        + "\n".join(failed))


@pytest.mark.parametrize("case", sorted(differences.WHY))
def test_each_documented_difference_still_fails(case: str, verdicts: dict[str, Verdict | None]):
    verdict = verdicts[case]
    assert verdict is not None and verdict.score < 1.0, f"{case} passes now: move it from differences.py to the corpus"


def test_every_difference_has_a_reason_and_no_corpus_case_is_one():
    assert sorted(differences.WHY) == sorted(c.id for c in DIFFERENCES)
    assert not {c.id for c in CASES} & set(differences.WHY)


@pytest.mark.parametrize("case", sorted(KNOWN_FAILING_WHY))
def test_each_known_failure_of_a_sweep_still_fails(case: str, verdicts: dict[str, Verdict | None]):
    verdict = verdicts[case]
    assert verdict is not None and verdict.score < 1.0, \
        f"{case} passes now: move it to {KNOWN_FAILING_WHY[case][0]}.CASES"


def test_every_known_failure_has_a_reason_and_is_no_corpus_case():
    for sweep in SWEEPS:
        assert sorted(sweep.KNOWN_FAILING_WHY) == sorted(c.id for c in sweep.KNOWN_FAILING), sweep.__name__
    assert not {c.id for c in CASES} & set(KNOWN_FAILING_WHY)
