"""What the test gives the completion to read reaches it (`streams._Feed`, `inside.job.Fed`): a test's
``sys.stdin = io.StringIO(...)`` is the job's stdin for each call, read as far as the call read; a test's
``patch("builtins.input", side_effect=[...])`` or ``return_value`` is the job's ``input``, and the test's mock is
called as often as the completion called input(), with its prompts, so ``call_count`` and ``assert_called_with``
read as in one process; a test's ``patch("builtins.print")`` is called with the arguments of each print() the
completion made. Real sandbox, real processes; each honest case passes plain Python too."""

from __future__ import annotations

import pytest
from honest import Case, asserts, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests

ADD = '''
    def add_two_inputs():
        return int(input()) + int(input())
    '''

HONEST = [
    humaneval("fed-patch-input-side-effect-call-count", ADD, '''
        from unittest.mock import patch


        def check(candidate):
            with patch("builtins.input", side_effect=["3", "4", "5"]) as given:
                assert candidate() == 7
                assert given.call_count == 2
            with patch("builtins.input", return_value="6"):
                assert candidate() == 12
        ''', "add_two_inputs"),
    humaneval("fed-patch-input-prompt", '''
        def ask():
            return input("Name: ").strip().upper()
        ''', '''
        from unittest import mock


        def check(candidate):
            with mock.patch("builtins.input", side_effect=["  bob "]) as given:
                assert candidate() == "BOB"
            given.assert_called_once_with("Name: ")
        ''', "ask"),
    humaneval("fed-stdin-swapped-read-as-far-as-the-call-read", '''
        import sys


        def first_line():
            return sys.stdin.readline().strip()
        ''', '''
        import io
        import sys


        def check(candidate):
            old = sys.stdin
            sys.stdin = io.StringIO("a\\nb\\nc\\n")
            try:
                assert candidate() == "a"
                assert candidate() == "b"
                assert sys.stdin.read() == "c\\n"
            finally:
                sys.stdin = old
        ''', "first_line"),
    humaneval("fed-patch-print-call-args", '''
        def report(scores):
            print("Scores:", *sorted(scores), sep=" ")
            print(max(scores))
        ''', '''
        from unittest.mock import call, patch


        def check(candidate):
            with patch("builtins.print") as shown:
                candidate([3, 1, 2])
            assert shown.call_args_list == [call("Scores:", 1, 2, 3, sep=" "), call(3)]
        ''', "report"),
    humaneval("fed-patch-input-and-print", '''
        def greet():
            name = input("Name? ")
            print(f"Hi {name}")
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("builtins.input", side_effect=["Ann"]), patch("builtins.print") as shown:
                candidate()
            shown.assert_called_once_with("Hi Ann")
        ''', "greet"),
    asserts("fed-assert-list-patch", ADD, [
        "from unittest.mock import patch\nwith patch('builtins.input', side_effect=['1', '2']):\n"
        "    assert add_two_inputs() == 3",
        "from unittest.mock import patch\nwith patch('builtins.input', side_effect=['10', '-2']):\n"
        "    assert add_two_inputs() == 8",
    ]),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_correct_code_that_reads_what_the_test_gives_scores_one(case: Case, reward: CodeTests) -> None:
    assert run_plain(case) is None
    verdict = judge(reward, [case])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


PATCHED = ("from unittest.mock import patch\n\n\ndef check(candidate):\n"
           "    with patch('builtins.input', side_effect=['3', '4']) as given:\n"
           "        assert candidate() == 7\n    assert given.call_count == 2\n")


@pytest.mark.parametrize("code", [
    "def add_two_inputs():\n    return int(input()) * 2 + 1\n",  # reads one line: 7, but one call of the mock
    "def add_two_inputs():\n    return 7\n",  # reads nothing
    "def add_two_inputs():\n    return sum(int(input()) for _ in range(3))\n",  # past the mock's lines
])
def test_code_that_reads_otherwise_fails(code: str, reward: CodeTests) -> None:
    verdict = reward.judge([code], test=[PATCHED], entry_point=["add_two_inputs"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_mock_past_the_bound_gives_nothing_to_read(reward: CodeTests) -> None:
    """More than 10,000 lines are not sent (`MAX_FED_LINES`): the completion reads the job's empty stdin."""
    test = ("from unittest.mock import patch\n\n\ndef check(candidate):\n"
            "    with patch('builtins.input', side_effect=[str(i) for i in range(10_001)]):\n"
            "        assert candidate() == 1\n")
    verdict = reward.judge([ADD.replace("\n    ", "\n")], test=[test], entry_point=["add_two_inputs"])[0]
    assert verdict is not None and verdict.score == 0.0 and "EOFError" in verdict.detail


def test_a_print_flood_is_replayed_up_to_its_bound(reward: CodeTests) -> None:
    """At most 1,000 print() calls a call are made again on the test's mock (`MAX_PRINTS`): a test counting more
    reads 1,000, a documented difference."""
    code = "def shout(n):\n    for i in range(n):\n        print(i)\n    return n\n"
    test = ("from unittest.mock import patch\n\n\ndef check(candidate):\n"
            "    with patch('builtins.print') as shown:\n        assert candidate(5000) == 5000\n"
            "    assert shown.call_count == 1000\n")
    verdict = reward.judge([code], test=[test], entry_point=["shout"])[0]
    assert verdict is not None and verdict.score == 1.0, verdict
