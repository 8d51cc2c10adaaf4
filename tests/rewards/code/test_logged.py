"""What the completion logs reaches a test's ``assertLogs`` as in one process (`rewards.code.streams._Feed`,
`inside.job._LogCapture`): the job's logger is set up as ``assertLogs`` set the test's (its level, no propagation),
and each record it handled is logged again into the test's. Real sandbox; each honest case passes plain Python too."""

from __future__ import annotations

import logging
import unittest

import pytest
from honest import Case, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.code.streams import _Feed

LOGGING_CODE = '''
import logging

log = logging.getLogger("jobs.runner")


def run(steps):
    log.info("starting %d steps", len(steps))
    done = 0
    for step in steps:
        if not step:
            log.warning("empty step skipped")
            continue
        done += 1
    logging.getLogger("jobs").error("finished: %s", done)
    return done
'''

HONEST = [
    humaneval("logged-child-logger-info-level", LOGGING_CODE, '''
        import unittest


        class T(unittest.TestCase):
            def test_logs(self):
                with self.assertLogs("jobs", level="INFO") as cm:
                    self.assertEqual(run(["a", "", "b"]), 2)
                self.assertEqual(cm.output, ["INFO:jobs.runner:starting 3 steps",
                                             "WARNING:jobs.runner:empty step skipped", "ERROR:jobs:finished: 2"])


        def check(candidate):
            result = unittest.TextTestRunner(verbosity=0).run(unittest.TestLoader().loadTestsFromTestCase(T))
            assert result.wasSuccessful(), result.failures + result.errors
        ''', "run"),
    humaneval("logged-warning-level-filters-info", LOGGING_CODE, '''
        import unittest


        class T(unittest.TestCase):
            def test_logs(self):
                with self.assertLogs("jobs.runner", level="WARNING") as cm:
                    run(["", "x"])
                self.assertEqual([r.getMessage() for r in cm.records], ["empty step skipped"])

            def test_no_logs(self):
                with self.assertNoLogs("other"):
                    run(["x"])


        def check(candidate):
            result = unittest.TextTestRunner(verbosity=0).run(unittest.TestLoader().loadTestsFromTestCase(T))
            assert result.wasSuccessful(), result.failures + result.errors
        ''', "run"),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_what_the_completion_logs_reaches_the_tests_assert_logs(case: Case, reward: CodeTests) -> None:
    assert run_plain(case) is None
    verdict = judge(reward, [case])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


TEST = '''
import unittest


class T(unittest.TestCase):
    def test_logs(self):
        with self.assertLogs("task", level="WARNING") as cm:
            candidate(-1)
        self.assertEqual(cm.output, ["WARNING:task:negative"])


def check(candidate):
    globals()["candidate"] = candidate
    result = unittest.TextTestRunner(verbosity=0).run(unittest.TestLoader().loadTestsFromTestCase(T))
    assert result.wasSuccessful(), result.failures + result.errors
'''


@pytest.mark.parametrize("code", [
    "import logging\ndef f(x):\n    logging.getLogger('task').info('negative')\n",  # below the level
    "import logging\ndef f(x):\n    logging.getLogger('other').warning('negative')\n",  # another logger
    "def f(x):\n    print('WARNING:task:negative')\n",  # printed, not logged
    "import logging\ndef f(x):\n    logging.getLogger('task').warning('negative!')\n",  # another message
])
def test_code_that_does_not_log_what_the_test_expects_fails(code: str, reward: CodeTests) -> None:
    verdict = reward.judge([code], test=[TEST], entry_point=["f"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_record_goes_only_into_a_logger_the_test_captures_from_itself_or_below() -> None:
    feed = _Feed.__new__(_Feed)
    case = unittest.TestCase()
    with case.assertLogs("task", level="DEBUG") as cm, case.assertLogs("rewards", level="DEBUG") as kept:
        feed.logs = {"task": logging.getLogger("task")}
        feed.read = feed.print = None
        feed.modules = type("Modules", (), {"after": staticmethod(lambda patched: None)})()
        feed.after({"logged": [("task", "task.x", 30, "ok"), ("task", "rewards", 40, "forged"),
                               ("rewards", "rewards", 40, "not sent"), ("task", "taskx", 30, "a sibling")]})
        logging.getLogger("rewards").debug("the test's own")
    assert cm.output == ["WARNING:task.x:ok"]
    assert kept.output == ["DEBUG:rewards:the test's own"]
