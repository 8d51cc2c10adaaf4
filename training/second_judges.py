"""The second judges of ``train.py --verifier_audit``: for a main reward, an independent way to judge the same
completion, run apart from the reward's own workers so that it never waits for them nor makes them wait.

- ``math_exact``: `MathVerifyAlone`, math-verify's own extraction of the whole completion (its last
  `MAX_COMPLETION_CHARS` characters) instead of rlvr-kit's reader, hedge and form checks, compared with the gold in a
  private pool of one math-verify worker (CPU budget per item, wall-clock backstop).
- ``code_tests``: `CodeTestsAlone`, the row's unit tests again, each test alone in a session of its own, in a
  sandbox configured apart from the reward's (its own slot, restarted after every session, ``fresh_slots``; under
  the strict profile, whose clock rules restarts out, the slot is kept and each session still gets fresh counters).
  A test then sees no state an earlier test left, no budget (``completion_bytes``, the completion deadline) an
  earlier test spent, and none of the slot's history. It shares ``code_tests``' way of running one test (its
  trusted harness and codec), so a fault there is not seen by it: it is a second judge of what depends on the tests
  running together, the slot and the moment, not of the harness.

Each is a reference, not the truth: a disagreement is a lead for a person to read. A judge gives
``(passed, detail)`` per completion, ``passed`` ``None`` when it cannot judge (a timeout of the math worker, a gold it
cannot parse, a sandbox that lost its worker, a row whose test code does not run).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rewards.code.code_tests import CodeTests
from rewards.math import workers as math_pool
from rewards.math.exact import gold_answer
from rewards.protocol import Status, completion_text, passes
from rewards.reading.final import MAX_COMPLETION_CHARS
from rewards.sandbox import SandboxConfig, shared_sandbox

Judged = tuple[bool | None, str]


class SecondJudge(Protocol):
    """What `training.verifier_audit.VerifierAudit` asks of a second judge."""

    __name__: str

    def judgeable(self, row: Mapping[str, Any]) -> bool:
        """Whether the row has what the judge compares with (a gold, unit tests)."""
        ...

    def reference(self, row: Mapping[str, Any]) -> str:
        """What the completion is compared with, bounded, for the disagreements file."""
        ...

    def __call__(self, completions: Sequence[Any], rows: Sequence[Mapping[str, Any]]) -> list[Judged]:
        """One ``(passed, detail)`` per completion."""
        ...

    def close(self) -> None:
        """Stop the judge's own workers."""
        ...


class MathVerifyAlone:
    """math-verify's own reading and comparison of a whole completion, in a private pool of one worker."""

    __name__ = "math_verify_alone"

    def __init__(self, main: Any = None, deadline: float = 0.5) -> None:
        self.deadline = deadline
        self.pool = math_pool.new_pool(1, deadline)
        self.pool.start()  # warms up (imports sympy) while the trainer builds; never the reward's own pool

    def judgeable(self, row: Mapping[str, Any]) -> bool:
        """Whether the row has a gold (``answer``, or a ``solution`` with a final box)."""
        return math_gold(row) is not None

    def reference(self, row: Mapping[str, Any]) -> str:
        """The gold, at most 500 characters."""
        return str(math_gold(row))[:500]

    def __call__(self, completions: Sequence[Any], rows: Sequence[Mapping[str, Any]]) -> list[Judged]:
        """One ``(passed, detail)`` per completion: ``True``/``False``, ``None`` if it cannot judge."""
        items = [math_pool.Item(str(math_gold(r)), completion_text(c)[-MAX_COMPLETION_CHARS:], "text", self.deadline)
                 for c, r in zip(completions, rows, strict=True)]
        results = self.pool.run(items) if items else []
        return [({math_pool.CORRECT: True, math_pool.WRONG: False, math_pool.UNPARSED: False}.get(status), detail)
                for status, detail in results]

    def close(self) -> None:
        """Stop the worker."""
        self.pool.close()


class CodeTestsAlone:
    """``code_tests``' unit tests again, each alone in a fresh session of a sandbox of its own; passed only when
    every test passes (``code_tests``' full score)."""

    __name__ = "code_tests_alone"

    def __init__(self, main: Any = None, slots: int = 1) -> None:
        base = getattr(main, "config", None)
        base = base if isinstance(base, SandboxConfig) else SandboxConfig()
        # Another config is another pool (`shared_sandbox` keys on it): the reward's slots are never borrowed here.
        self.config = dataclasses.replace(base, slots=slots, fresh_slots=not base.private_clock)
        self.reward = CodeTests(binary=True, sandbox=self.config)  # starts the slot: a missing layer fails now
        self.box = shared_sandbox(self.config)

    def judgeable(self, row: Mapping[str, Any]) -> bool:
        """Whether the row has unit tests in a format ``code_tests`` reads (asked of every row of a batch, on the
        trainer's thread: nothing is copied)."""
        return _test_format(row) is not None

    def reference(self, row: Mapping[str, Any]) -> str:
        """The row's tests, at most 500 characters."""
        tests = row.get("test") or row.get("test_list") or list(zip(row.get("inputs") or [], row.get("outputs") or []))
        return str(tests)[:500]

    def __call__(self, completions: Sequence[Any], rows: Sequence[Mapping[str, Any]]) -> list[Judged]:
        """One ``(passed, detail)`` per completion; ``None`` when a test could not be judged."""
        texts, singles, owners = [], [], []
        for i, (completion, row) in enumerate(zip(completions, rows, strict=True)):
            for single in split_tests(row):
                texts.append(completion_text(completion))
                singles.append(single)
                owners.append(i)
        keys = sorted({k for s in singles for k in s})
        verdicts = self.reward.compute(texts, **{k: [s.get(k) for s in singles] for k in keys}) if texts else []
        per: list[list[Any]] = [[] for _ in rows]
        for owner, verdict in zip(owners, verdicts, strict=True):
            per[owner].append(verdict)
        return [_all_pass(v) for v in per]

    def close(self) -> None:
        """Stop the sandbox's slot."""
        self.box.close()


def _all_pass(verdicts: Sequence[Any]) -> Judged:
    """A completion's verdict from its tests' verdicts, one test each."""
    if any(v is None or v.status == Status.UNSCORABLE for v in verdicts):
        return None, "a test could not be judged alone"
    failed = [(i, v) for i, v in enumerate(verdicts) if not passes(v.score)]
    if not failed:
        return True, f"{len(verdicts)}/{len(verdicts)} tests passed, each alone"
    i, first = failed[0]
    passed = f"{len(verdicts) - len(failed)}/{len(verdicts)}"
    return False, f"{passed} tests passed, each alone; test {i + 1}: {first.detail}"


def split_tests(row: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The row as one row per unit test, in the format ``code_tests`` reads (a HumanEval ``check`` is one test);
    empty when it has none.

    >>> [r["test_list"] for r in split_tests({"test_list": ["assert f(1)", "assert f(2)"]})]
    [['assert f(1)'], ['assert f(2)']]
    """
    kind, row = _test_format(row), dict(row)
    if kind == "humaneval":
        return [row]
    if kind == "asserts":
        return [{**row, "test_list": [test]} for test in row["test_list"]]
    if kind == "stdio":
        return [{**row, "inputs": [i], "outputs": [o]} for i, o in zip(row["inputs"], row["outputs"], strict=True)]
    return []


def _test_format(row: Mapping[str, Any]) -> str | None:
    """Which of ``code_tests``' formats the row's tests are in (its order of preference), ``None`` if none."""
    if row.get("test") and row.get("entry_point"):
        return "humaneval"
    if row.get("test_list"):
        return "asserts"
    inputs, outputs = row.get("inputs"), row.get("outputs")
    if inputs is not None and outputs is not None and len(inputs) and len(inputs) == len(outputs):
        return "stdio"
    return None


def math_gold(row: Mapping[str, Any]) -> Any:
    """The row's gold: its ``answer``, or the final box of its ``solution`` (math_exact's golds); ``None`` if none.

    >>> math_gold({"answer": "7"}), math_gold({"solution": "so $\\\\boxed{3}$"}), math_gold({"answer": None})
    ('7', '3', None)
    """
    if "answer" in row:
        gold = row["answer"]
        return None if gold is None or gold != gold else gold  # NaN: a missing gold
    solution = row.get("solution")
    return None if not isinstance(solution, str) else gold_answer(solution)


SECOND_JUDGES: dict[str, Callable[[Any], SecondJudge]] = {"math_exact": MathVerifyAlone, "code_tests": CodeTestsAlone}
