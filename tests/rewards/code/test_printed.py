"""What the completion prints reaches a test that captures it (`streams.output_reaches_test`, `inside.job.Printed`):
``redirect_stdout``, ``sys.stdout = io.StringIO()`` and ``mock.patch("sys.stdout")`` read the function's prints as in
one process; prints the test does not capture never reach this process's stdout; two tests capturing at once each
get their own completion's prints. Real sandbox, real processes; each honest case passes plain Python too."""

from __future__ import annotations

import dataclasses

import pytest
from honest import Case, asserts, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.code.streams import _PRINT_CALL

TRIANGLE = '''
    def print_triangle(n):
        for i in range(1, n + 1):
            print("*" * i)
    '''

HONEST = [
    humaneval("printed-redirect-stdout", TRIANGLE, '''
        import io
        from contextlib import redirect_stdout


        def check(candidate):
            buf = io.StringIO()
            with redirect_stdout(buf):
                candidate(3)
            assert buf.getvalue() == "*\\n**\\n***\\n"
        ''', "print_triangle"),
    humaneval("printed-sys-stdout-swapped-with-the-tests-own-print", TRIANGLE, '''
        import io
        import sys


        def check(candidate):
            old, sys.stdout = sys.stdout, io.StringIO()
            try:
                candidate(2)
                print("end")
                out = sys.stdout.getvalue()
            finally:
                sys.stdout = old
            assert out == "*\\n**\\nend\\n"
        ''', "print_triangle"),
    humaneval("printed-mock-patch-stdout", '''
        def report(scores):
            for name, score in sorted(scores.items()):
                print(f"{name}: {score:.1f}", end="; ")
            print(sep="", end="\\n")
            return len(scores)
        ''', '''
        import io
        from unittest.mock import patch


        def check(candidate):
            with patch("sys.stdout", new_callable=io.StringIO) as out:
                assert candidate({"b": 2, "a": 1.25}) == 2
            assert out.getvalue() == "a: 1.2; b: 2.0; \\n"
        ''', "report"),
    humaneval("printed-only-inside-the-redirect", TRIANGLE, '''
        import io
        from contextlib import redirect_stdout


        def check(candidate):
            candidate(2)
            buf = io.StringIO()
            with redirect_stdout(buf):
                candidate(1)
            assert buf.getvalue() == "*\\n"
        ''', "print_triangle"),
    asserts("printed-assert-list-with-setup", '''
        def greet(name):
            print("Hello,", name)
        ''', ["with redirect_stdout(buf):\n    greet('Ada')\nassert buf.getvalue() == 'Hello, Ada\\n'",
              "assert greet('Bob') is None and buf.getvalue() == 'Hello, Ada\\n'"],
            setup="import io\nfrom contextlib import redirect_stdout\nbuf = io.StringIO()\n"),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


def _verdicts(reward: CodeTests, case: Case, completions: list[str]) -> list[float]:
    """Each of ``completions`` judged on ``case``'s row, as one batch (judged at once, one per slot)."""
    cases = [dataclasses.replace(case, completion=c) for c in completions]
    return [v.score if v is not None else -1.0 for v in judge(reward, cases)]


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_a_test_that_captures_prints_reads_them(reward: CodeTests, case: Case):
    assert run_plain(case) is None
    assert _verdicts(reward, case, [case.completion]) == [1.0]


def test_wrong_prints_still_fail(reward: CodeTests):
    case = HONEST[0]
    assert _verdicts(reward, case, [case.completion.replace('"*" * i', '"*" * (i + 1)')]) == [0.0]


def test_prints_the_test_does_not_capture_never_reach_this_process(reward: CodeTests, capfd):
    case = HONEST[3]
    loud = case.completion.replace('print("*" * i)', 'print("\\x1b[2J LOUD" * i)')
    assert _verdicts(reward, case, [loud]) == [0.0]  # its captured text is not "*"
    out, err = capfd.readouterr()
    assert "LOUD" not in out and "LOUD" not in err


def test_two_completions_judged_at_once_each_print_to_their_own_test(reward: CodeTests):
    """Each completion sleeps between its prints, so two judged at once on two slots overlap: without one capturing
    test at a time, each test's buffer would get the other's lines."""
    case = humaneval("printed-overlapping", '''
        import time


        def say(word):
            for _ in range(3):
                print(word)
                time.sleep(0.05)
        ''', '''
        import io
        from contextlib import redirect_stdout


        def check(candidate):
            buf = io.StringIO()
            with redirect_stdout(buf):
                candidate("yes")
            assert buf.getvalue() == "yes\\n" * 3
        ''', "say")
    other = case.completion.replace("print(word)", "print('no')")
    assert _verdicts(reward, case, [case.completion, other, case.completion, other]) == [1.0, 0.0, 1.0, 0.0]


def test_a_flood_of_prints_is_cut(reward: CodeTests):
    case = humaneval("printed-flood", '''
        def flood():
            for _ in range(300):
                print("x" * 10_000)
        ''', '''
        import io
        from contextlib import redirect_stdout


        def check(candidate):
            buf = io.StringIO()
            with redirect_stdout(buf):
                candidate()
            assert len(buf.getvalue()) == 300 * 10_001
        ''', "flood")
    assert run_plain(case) is None
    assert _verdicts(reward, case, [case.completion]) == [0.0]  # 1 MiB a call reaches the test, not 3 MB


@pytest.mark.parametrize("source, waits", [
    ('assert True, "This prints if this assert fails (good for debugging!)"', False),  # 43 HumanEval checks say so
    ("def check(candidate):\n    assert candidate(1) == 2\n", False),
    ("def check(candidate):\n    print(candidate(1))\n", True),  # its print goes to the one sys.stdout
    ("def check(candidate):\n    print (candidate(1))\n", True),
])
def test_only_a_test_that_calls_print_waits_for_capturing_rows(source: str, waits: bool) -> None:
    """A row whose test code prints waits for capturing rows (red team 10); one that only says "prints" runs beside
    them, as every row that does not touch the process's streams does."""
    assert (_PRINT_CALL.search(source) is not None) is waits
