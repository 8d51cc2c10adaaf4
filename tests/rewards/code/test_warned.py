"""What the completion warns reaches a test that records warnings (`streams.output_reaches_test`,
`inside.job.Warned`): ``catch_warnings(record=True)``, ``pytest.warns`` and ``assertWarns`` see the function's
warnings as in one process, its own warning classes as the stand-ins the test's names are bound to; warnings the test
does not record never reach this process's stderr; and a test framework's failure (``pytest.warns`` or
``pytest.raises`` that saw nothing, a BaseException) fails the test instead of ending the batch's judging. Real
sandbox, real processes; each honest case passes plain Python too."""

from __future__ import annotations

import warnings

import pytest
from honest import Case, asserts, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.code.streams import _SHOW_WARNINGS

DEPRECATED = '''
    import warnings


    class OldApiWarning(DeprecationWarning):
        pass


    def area(w, h):
        warnings.warn("area() is deprecated: use Rect.area", DeprecationWarning)
        return w * h


    def legacy(x):
        warnings.warn("legacy", OldApiWarning)
        return x
    '''

HONEST = [
    humaneval("warned-catch-warnings-record", DEPRECATED, '''
        import warnings


        def check(candidate):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                assert candidate(2, 3) == 6
            assert len(caught) == 1 and caught[0].category is DeprecationWarning
            assert "deprecated" in str(caught[0].message)
        ''', "area"),
    humaneval("warned-pytest-warns-match", DEPRECATED, '''
        import pytest


        def check(candidate):
            with pytest.warns(DeprecationWarning, match="use Rect"):
                assert candidate(2, 3) == 6
        ''', "area"),
    humaneval("warned-own-warning-class", DEPRECATED, '''
        import pytest


        def check(candidate):
            with pytest.warns(OldApiWarning):
                assert candidate(5) == 5
            with pytest.warns(DeprecationWarning):
                assert candidate(6) == 6
        ''', "legacy"),
    asserts("warned-assert-warns", DEPRECATED, [
        "import unittest\n\n\nclass T(unittest.TestCase):\n    def runTest(self):\n"
        "        with self.assertWarns(DeprecationWarning):\n            assert area(2, 3) == 6\n\n\nT().runTest()",
    ]),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_correct_code_that_warns_scores_one(case: Case, reward: CodeTests) -> None:
    assert run_plain(case) is None
    verdict = judge(reward, [case])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


@pytest.mark.parametrize("test", [
    "import pytest\n\n\ndef check(candidate):\n    with pytest.warns(DeprecationWarning):\n        candidate(2, 3)\n",
    "import pytest\n\n\ndef check(candidate):\n    with pytest.raises(ValueError):\n        candidate(2, 3)\n",
    "import pytest\n\n\ndef check(candidate):\n    pytest.skip('not today')\n",
])
def test_a_test_frameworks_failure_fails_the_test_and_the_batch_goes_on(reward: CodeTests, test: str) -> None:
    """pytest's outcomes are BaseExceptions: they once escaped and ended the judging of the whole batch."""
    silent = "def area(w, h):\n    return w * h\n"
    verdicts = reward.judge([silent, silent], test=[test, "def check(candidate):\n    assert candidate(2, 3) == 6\n"],
                            entry_point=["area", "area"])
    assert [v.score for v in verdicts if v is not None] == [0.0, 1.0]


def test_warnings_the_test_does_not_record_never_reach_stderr(reward: CodeTests, capfd: pytest.CaptureFixture) -> None:
    """The row names warnings but records none: the completion's warnings go nowhere, as its prints do (pytest's own
    recording is taken away meanwhile: it stands for a test's)."""
    test = "import warnings\n\n\ndef check(candidate):\n    assert candidate(2, 3) == 6\n"
    with warnings.catch_warnings():
        warnings.showwarning, warnings._showwarnmsg_impl = _SHOW_WARNINGS  # type: ignore[attr-defined]
        warnings.simplefilter("always")
        verdict = reward.judge([DEPRECATED.replace("\n    ", "\n")], test=[test], entry_point=["area"])[0]
    assert verdict is not None and verdict.score == 1.0
    assert "deprecated" not in capfd.readouterr().err


def test_a_flood_of_warnings_is_cut_at_a_hundred_a_call(reward: CodeTests) -> None:
    code = "import warnings\n\n\ndef f(n):\n    for i in range(n):\n        warnings.warn(str(i) * 2000)\n    return n"
    test = """import warnings


def check(candidate):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert candidate(10_000) == 10_000
    assert len(caught) == 100 and all(len(str(w.message)) == 1000 for w in caught)
"""
    verdict = reward.judge([code], test=[test], entry_point=["f"])[0]
    assert verdict is not None and verdict.score == 1.0, verdict
