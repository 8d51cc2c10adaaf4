"""A test's ``mock.patch`` of a library function reaches the completion's calls (`rewards.code.patches`,
`inside.job._patch`): the job's module holds a mock of the same configuration while each call runs, and the calls
made of it are made again of the test's mock, so its ``call_count``, ``assert_called_once_with`` and a side effect's
progress read as in one process. Real sandbox, real processes; each honest case passes plain Python too."""

from __future__ import annotations

import os
import random
from unittest import mock

import pytest
from honest import Case, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.code.patches import _child, patch_targets

HONEST = [
    humaneval("patched-side-effect-list-and-call-args", '''
        import random


        def roll_three():
            return [random.randint(1, 6) for _ in range(3)]
        ''', '''
        from unittest import mock


        def check(candidate):
            with mock.patch("random.randint", side_effect=[6, 1, 3]) as roll:
                assert candidate() == [6, 1, 3]
                assert roll.call_count == 3
                assert roll.call_args_list == [mock.call(1, 6)] * 3
        ''', "roll_three"),
    humaneval("patched-return-value-set-in-the-test-and-nested", '''
        import urllib.request


        def fetch_text(url):
            with_body = urllib.request.urlopen(url)
            return with_body.read().decode() + str(with_body.status)
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("urllib.request.urlopen") as opened:
                opened.return_value.read.return_value = b"hello "
                opened.return_value.status = 200
                assert candidate("http://example.com") == "hello 200"
                opened.assert_called_once_with("http://example.com")
                opened.return_value.read.assert_called_once_with()
        ''', "fetch_text"),
    humaneval("patched-raises-a-builtin-exception", '''
        import os


        def readable(path):
            try:
                return os.path.exists(path)
            except PermissionError:
                return False
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("os.path.exists", side_effect=PermissionError("denied")):
                assert candidate("/secret") is False
            with patch("os.path.exists", return_value=True) as exists:
                assert candidate("/anything") is True
                exists.assert_called_with("/anything")
        ''', "readable"),
    humaneval("patched-object-and-decorator", '''
        import time


        def elapsed_since(start):
            return round(time.time() - start, 1)
        ''', '''
        import time
        from unittest.mock import patch


        @patch.object(time, "time", return_value=105.5)
        def check(candidate, now):
            assert candidate(100.0) == 5.5
            assert now.called
        ''', "elapsed_since"),
    humaneval("patched-sleep-returns-at-once", '''
        import time


        def retry(times):
            for _ in range(times):
                time.sleep(30)
            return times
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("time.sleep") as slept:
                assert candidate(4) == 4
                assert slept.call_count == 4
        ''', "retry"),
    humaneval("patched-side-effect-values-and-a-raise", '''
        import socket


        def resolve(hosts):
            found = {}
            for host in hosts:
                try:
                    found[host] = socket.gethostbyname(host)
                except OSError as e:
                    found[host] = str(e)
            return found
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("socket.gethostbyname", side_effect=["1.2.3.4", OSError("nx"), TimeoutError, "5.6.7.8"]) as g:
                assert candidate("abcd") == {"a": "1.2.3.4", "b": "nx", "c": "", "d": "5.6.7.8"}
                assert g.call_count == 4
        ''', "resolve"),
    humaneval("patched-object-of-the-tests-random", '''
        import random


        def deal(cards):
            cards = list(cards)
            random.shuffle(cards)
            return cards[:2], random.choice(cards)
        ''', '''
        import random
        from unittest import mock


        def check(candidate):
            with mock.patch.object(random, "shuffle") as shuffled, \\
                    mock.patch.object(random, "choice", side_effect=["K", "Q"]) as chosen:
                assert candidate("AKQ") == (["A", "K"], "K")
                shuffled.assert_called_once_with(["A", "K", "Q"])
                assert candidate("QA") == (["Q", "A"], "Q")
                assert chosen.call_count == 2
        ''', "deal"),
    humaneval("patched-side-effect-raises-then-answers-a-mock", '''
        import time
        import urllib.request


        def fetch(url):
            for _ in range(3):
                try:
                    return urllib.request.urlopen(url).read().decode()
                except ConnectionError:
                    time.sleep(1)
            return None
        ''', '''
        from unittest import mock


        def check(candidate):
            ok = mock.MagicMock()
            ok.read.return_value = b"done"
            with mock.patch("urllib.request.urlopen", side_effect=[ConnectionError(), ok]) as opened, \\
                    mock.patch("time.sleep") as slept:
                assert candidate("u") == "done"
                assert opened.call_count == 2 and slept.call_count == 1
        ''', "fetch"),
    humaneval("patched-with-a-value-not-a-mock", '''
        import math
        import sys


        def describe():
            return f"{len(sys.argv) - 1} args, first {sys.argv[1]}; pi {math.pi}"
        ''', '''
        from unittest.mock import patch


        @patch("math.pi", 3)
        def check(candidate):
            with patch("sys.argv", ["prog", "-v", "x"]):
                assert candidate() == "2 args, first -v; pi 3"
        ''', "describe"),
    humaneval("patched-dict-of-the-environment", '''
        import os


        def mode():
            return os.environ.get("APP_MODE", "none"), os.getenv("HOME", "no home")
        ''', '''
        import os
        from unittest import mock


        @mock.patch.dict(os.environ, {"APP_MODE": "prod"})
        def check(candidate):
            assert candidate()[0] == "prod"
            with mock.patch.dict("os.environ", {"APP_MODE": "dev"}, clear=True):
                assert candidate() == ("dev", "no home")
        ''', "mode"),
    humaneval("patched-context-manager-four-deep", '''
        import urllib.request


        def fetch_upper(url):
            with urllib.request.urlopen(url, timeout=3) as response:
                return response.read().decode().upper()
        ''', '''
        from unittest.mock import patch


        def check(candidate):
            with patch("urllib.request.urlopen") as opened:
                opened.return_value.__enter__.return_value.read.return_value = b"hi"
                assert candidate("http://x") == "HI"
                opened.assert_called_once_with("http://x", timeout=3)
                opened.return_value.__enter__.assert_called_once_with()
                opened.return_value.__exit__.assert_called_once_with(None, None, None)
                opened.return_value.__enter__.return_value.read.assert_called_once_with()
        ''', "fetch_upper"),
    humaneval("patched-open-with-mock-open-read-and-write", '''
        import json


        def bump(path):
            with open(path) as f:
                counts = json.load(f)
            counts["runs"] += 1
            with open(path, "w") as f:
                f.write(json.dumps(counts))
            return counts["runs"]
        ''', '''
        from unittest.mock import call, mock_open, patch


        def check(candidate):
            opened = mock_open(read_data='{"runs": 2}')
            with patch("builtins.open", opened):
                assert candidate("state.json") == 3
            assert opened.call_args_list == [call("state.json"), call("state.json", "w")]
            opened().write.assert_called_once_with('{"runs": 3}')
        ''', "bump"),
    humaneval("patched-open-bytes-lines-by-iteration", '''
        def count_lines(path):
            with open(path, "rb") as f:
                return sum(1 for line in f if line.strip())
        ''', '''
        from unittest.mock import mock_open, patch


        def check(candidate):
            with patch("builtins.open", mock_open(read_data=b"a\\n\\nb\\nc\\n")) as opened:
                assert candidate("x.bin") == 3
                opened.assert_called_once_with("x.bin", "rb")
        ''', "count_lines"),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_correct_code_calling_a_patched_library_function_scores_one(case: Case, reward: CodeTests) -> None:
    assert run_plain(case) is None
    verdict = judge(reward, [case])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


ROLL_TEST = ("from unittest import mock\n\n\ndef check(candidate):\n"
             "    with mock.patch('random.randint', return_value=4) as roll:\n"
             "        assert candidate() == 4\n        roll.assert_called_once_with(1, 6)\n")


@pytest.mark.parametrize("code", [
    "def roll():\n    return 4\n",  # never calls the mock
    "import random\ndef roll():\n    random.randint(1, 6)\n    return random.randint(1, 6)\n",  # twice
    "import random\ndef roll():\n    return random.randint(0, 6)\n",  # other arguments
    "from random import randint\ndef roll():\n    return randint(1, 6)\n",  # bound before the patch: the real one
])
def test_code_that_uses_the_mock_otherwise_fails(code: str, reward: CodeTests) -> None:
    verdict = reward.judge([code], test=[ROLL_TEST], entry_point=["roll"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


WITH_TEST = ("from unittest import mock\n\n\ndef check(candidate):\n"
             "    with mock.patch('smtplib.SMTP') as smtp:\n"
             "        assert candidate() == 'sent'\n"
             "        smtp.return_value.__exit__.assert_called_once()\n")


@pytest.mark.parametrize("code", [
    "import smtplib\ndef send():\n    smtplib.SMTP('h').sendmail('a', 'b', 'c')\n    return 'sent'\n",  # no with
    "import smtplib\ndef send():\n    s = smtplib.SMTP('h')\n    s.__enter__()\n    return 'sent'\n",  # never exits
])
def test_code_that_never_leaves_the_mocks_with_fails(code: str, reward: CodeTests) -> None:
    verdict = reward.judge([code], test=[WITH_TEST], entry_point=["send"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_only_a_with_statements_dunders_are_made_again() -> None:
    from unittest import mock
    given = mock.MagicMock()
    assert _child(given, "().__enter__().read", mock) is given.return_value.__enter__.return_value.read
    assert _child(given, "().__exit__", mock) is given.return_value.__exit__
    assert _child(given, "().__str__", mock) is None and _child(given, "__class__", mock) is None
    assert _child(given, "().reset_mock", mock) is None


def test_code_that_does_not_catch_a_side_effects_raise_fails(reward: CodeTests) -> None:
    test = ("from unittest import mock\n\n\ndef check(candidate):\n"
            "    with mock.patch('socket.gethostbyname', side_effect=['1.2.3.4', OSError('nx')]):\n"
            "        assert candidate('ab') == ['1.2.3.4', None]\n")
    code = "import socket\ndef resolve(hosts):\n    return [socket.gethostbyname(h) for h in hosts]\n"
    verdict = reward.judge([code], test=[test], entry_point=["resolve"])[0]
    assert verdict is not None and verdict.score == 0.0 and "OSError: nx" in verdict.detail, verdict


def test_a_value_the_test_did_not_patch_stays_the_jobs(reward: CodeTests) -> None:
    # sys.argv here is the trainer's: only a value the test patched it with crosses.
    test = ("import sys\nfrom unittest import mock\n\n\ndef check(candidate):\n"
            "    assert candidate() != sys.argv\n    with mock.patch('sys.argv', ['p']):\n"
            "        assert candidate() == ['p']\n    assert candidate() != ['p']\n")
    code = "import sys\ndef argv():\n    return sys.argv\n"
    verdict = reward.judge([code], test=[test], entry_point=["argv"])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


def test_only_what_a_tests_patch_dict_set_reaches_the_job(reward: CodeTests, monkeypatch) -> None:
    # The trainer's environment (a key set before the row) never crosses; nor do its names when the test clears it.
    monkeypatch.setenv("S9_TRAINER_SECRET", "hunter2")
    test = ("import os\nfrom unittest import mock\n\n\ndef check(candidate):\n"
            "    with mock.patch.dict(os.environ, {'A': '1'}):\n        assert candidate() == ['1', None]\n"
            "    with mock.patch.dict(os.environ, {'A': '2'}, clear=True):\n        assert candidate() == ['2', None]\n"
            "    assert candidate() == [None, None]\n")
    code = "import os\ndef env():\n    return [os.environ.get('A'), os.environ.get('S9_TRAINER_SECRET')]\n"
    verdict = reward.judge([code], test=[test], entry_point=["env"])[0]
    assert verdict is not None and verdict.score == 1.0, verdict
    source = "mock.patch.dict(os.environ, {'A': '3'})"
    targets = patch_targets([source])
    from rewards.code.patches import PatchedModules
    modules = PatchedModules(targets, sources=[source])
    with mock.patch.dict(os.environ, {"A": "3"}, clear=True):
        assert modules.before() == [["os", "environ", {"environ": [[["A", "3"]], [], True]}]]
    # Only variables the test's code names: another thread's (the trainer's) set meanwhile stay here (red team 15).
    modules = PatchedModules(targets, sources=[source])
    with mock.patch.dict(os.environ, {"A": "4", "S15_SET_BY_ANOTHER_THREAD": "x"}):
        assert modules.before() == [["os", "environ", {"environ": [[["A", "4"]], [], False]}]]


def test_a_mock_whose_behaviour_is_code_does_not_cross(reward: CodeTests) -> None:
    # The test's side effect is its own function: the job's real randint runs (1 to 6, never 40).
    test = ("from unittest import mock\n\n\ndef check(candidate):\n"
            "    with mock.patch('random.randint', side_effect=lambda a, b: 40):\n"
            "        assert candidate() == 40\n")
    code = "import random\ndef roll():\n    return random.randint(1, 6)\n"
    verdict = reward.judge([code], test=[test], entry_point=["roll"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_the_trusted_module_is_the_tests_to_patch_and_comes_back_unpatched(reward: CodeTests) -> None:
    before = random.randint
    code = "import random\ndef roll():\n    random.randint = lambda a, b: 4\n    return random.randint(1, 6)\n"
    verdict = reward.judge([code], test=[ROLL_TEST.replace("        roll.assert_called_once_with(1, 6)\n", "")],
                           entry_point=["roll"])[0]
    assert verdict is not None and verdict.score == 1.0, verdict
    assert random.randint is before


def test_targets_are_read_from_patch_calls_by_name() -> None:
    source = ('@patch("random.randint", return_value=4)\n@patch(\'os.path.exists\')\n'
              'with patch.object(random, "choice"): pass\npatch("builtins.open")\n# patch(x)\n')
    assert patch_targets([source]) == (("random", "randint"), ("os.path", "exists"), ("builtins", "open"),
                                       ("random", "choice"))
    assert patch_targets(['patch("builtins.input")']) == ()  # streams' to give (`rewards.code.streams`)


@pytest.mark.parametrize("code", [
    "def save(path, text):\n    with open(path, 'w') as f:\n        f.write(text.upper())\n",  # other text
    "def save(path, text):\n    with open(path, 'a') as f:\n        f.write(text)\n",  # another mode
    "def save(path, text):\n    return None\n",  # never opens it
])
def test_code_that_writes_other_than_the_test_expects_through_mock_open_fails(code: str, reward: CodeTests) -> None:
    test = ("from unittest.mock import mock_open, patch\n\n\ndef check(candidate):\n"
            "    with patch('builtins.open', mock_open()) as opened:\n        candidate('o.txt', 'hi')\n"
            "    opened.assert_called_once_with('o.txt', 'w')\n    opened().write.assert_called_once_with('hi')\n")
    verdict = reward.judge([code], test=[test], entry_point=["save"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_mock_open_the_test_configured_further_does_not_cross(reward: CodeTests) -> None:
    # A read's value set on the handle besides is not mock_open's own: the job's real open runs (no such file).
    test = ("from unittest.mock import mock_open, patch\n\n\ndef check(candidate):\n"
            "    opened = mock_open(read_data='x')\n    opened.return_value.read.return_value = 'y'\n"
            "    with patch('builtins.open', opened):\n        assert candidate('f') == 'y'\n")
    code = "def read(path):\n    with open(path) as f:\n        return f.read()\n"
    verdict = reward.judge([code], test=[test], entry_point=["read"])[0]
    assert verdict is not None and verdict.score == 0.0 and "FileNotFoundError" in verdict.detail, verdict


def test_another_rows_test_code_never_meets_a_tests_mock(reward: CodeTests) -> None:
    # The mock is this process's os.getcwd while row A's test holds it: a row beside it read "/patched" (the
    # twenty-second session's note); a row that patches runs alone (`streams._Turns`).
    patching = ("import os\nfrom unittest import mock\n\n\ndef check(candidate):\n"
                "    with mock.patch('os.getcwd', return_value='/patched'):\n"
                "        for _ in range(15):\n            candidate()\n")
    reading = ("import os\n\n\ndef check(candidate):\n    for _ in range(15):\n"
               "        assert os.getcwd() != '/patched'\n        candidate()\n")
    code = "import time\ndef nap():\n    time.sleep(0.01)\n"
    tests = [reading, patching, reading, reading, patching, reading]
    verdicts = CodeTests(slots=2).judge([code] * len(tests), test=tests, entry_point=["nap"] * len(tests))
    assert [v.score if v else None for v in verdicts] == [1.0] * len(tests), verdicts
