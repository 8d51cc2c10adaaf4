"""An honest corpus for ``code_tests``: correct solutions, written for this project, in real datasets' row formats.

Every case is a completion that plain Python passes (``reference.run_plain`` checks that, the way each dataset's own
harness runs it) together with the row ``code_tests`` reads. A correct solution must score 1.0; one that does not
is a false negative of the sandbox, which trains a policy away from correct code.

Styles, one module ``cases_<style>`` each: ``humaneval`` (``test`` defining ``check(candidate)``, ``entry_point``,
optional ``code_prompt``), ``mbpp`` (``test_list`` asserts, optional ``test_setup_code``), ``leetcode``
(LeetCodeDataset rows with ``entry_point="Solution().method"``, and assert lists calling ``Solution().method(...)``),
``stdio`` (APPS, CodeContests, LiveCodeBench: ``inputs`` and ``outputs``). A case's id is ``style/short-name``.
``cases_sweep`` to ``cases_sweep9`` and ``cases_sweep11`` hold later held-out sweeps in all four styles, each name
led by the dataset it imitates.

Limits: the cases are small (well under 0.5 s of CPU each) and cover idioms, not algorithms; a passing corpus says
the sandbox accepts these idioms, not that it accepts every correct program.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

STYLES = ("humaneval", "mbpp", "leetcode", "stdio")


@dataclass(frozen=True, eq=False)
class Case:
    """One correct completion and the dataset row that tests it."""

    id: str
    completion: str
    row: dict[str, Any]

    @property
    def style(self) -> str:
        return self.id.split("/", 1)[0]


def dedent(text: str) -> str:
    """Source as written in the corpus modules: indented under the call, starting on the line after the quotes."""
    return textwrap.dedent(text).lstrip("\n")


def humaneval(name: str, code: str, test: str, entry_point: str, prompt: str = "", body: bool = False,
              style: str = "humaneval") -> Case:
    """A HumanEval row: ``test`` defines ``check(candidate)``; ``prompt`` (``code_prompt``) precedes the completion,
    which is a function body (indented one level) when ``body`` is set."""
    row: dict[str, Any] = {"test": dedent(test), "entry_point": entry_point}
    if prompt:
        row["code_prompt"] = dedent(prompt)
    completion = textwrap.indent(dedent(code), "    ") if body else dedent(code)
    return Case(f"{style}/{name}", completion, row)


def asserts(name: str, code: str, tests: list[str], setup: str = "", style: str = "mbpp") -> Case:
    """An MBPP row: each entry of ``test_list`` is one test (usually one assert); ``test_setup_code`` runs first."""
    row: dict[str, Any] = {"test_list": [dedent(t) for t in tests]}
    if setup:
        row["test_setup_code"] = dedent(setup)
    return Case(f"{style}/{name}", dedent(code), row)


def stdio(name: str, code: str, pairs: list[tuple[str, str]]) -> Case:
    """A stdin/stdout row: the program runs once per input; its stdout must match the output token by token
    (`rewards.code.tokens_match`: numbers by value)."""
    return Case(f"stdio/{name}", dedent(code), {"inputs": [i for i, _ in pairs], "outputs": [o for _, o in pairs]})


def all_cases() -> list[Case]:
    """Every case of the corpus, in style order; ids are unique."""
    from . import (
        cases_humaneval,
        cases_leetcode,
        cases_mbpp,
        cases_stdio,
        cases_sweep,
        cases_sweep2,
        cases_sweep3,
        cases_sweep4,
        cases_sweep5,
        cases_sweep6,
        cases_sweep7,
        cases_sweep8,
        cases_sweep9,
        cases_sweep11,
    )

    cases = [*cases_humaneval.CASES, *cases_mbpp.CASES, *cases_leetcode.CASES, *cases_stdio.CASES, *cases_sweep.CASES,
             *cases_sweep2.CASES, *cases_sweep3.CASES, *cases_sweep4.CASES, *cases_sweep5.CASES,
             *cases_sweep6.CASES, *cases_sweep7.CASES, *cases_sweep8.CASES, *cases_sweep9.CASES,
             *cases_sweep11.CASES]
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise ValueError(f"duplicate case id {case.id!r}")
        if case.style not in STYLES:
            raise ValueError(f"case {case.id!r} has no known style (one of {STYLES})")
        seen.add(case.id)
    return cases
