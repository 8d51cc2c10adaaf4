"""A hostile policy against what crossed the sandbox for the first time on 2026-12-05: the standard library's small
value classes (`inside.codec._small`, `wire`'s readers of "UU", "PA", "IP", "UL", "UD", "US", "ST", "SL", "EL"), an
exception's details (its ``__cause__``, an ExceptionGroup's members, ``__notes__``, a call's ``SystemExit``), what a
test gives the completion to read (`streams._Feed`, `inside.job.Fed`), its warnings (`streams._warn_again`,
`inside.job.Warned`) and the builtin exception classes that cross by name.

Each case is a completion as a policy could write it, or a job that rewrites its own replies (it can: the job's
process is the completion's, `test_redteam9.forging`), judged with real sandbox runs; each asserts the safe outcome:
a wrong answer scores 0, the trusted side's work stays bounded, nothing escapes `CodeTests.judge`.
"""

from __future__ import annotations

import logging
import textwrap
import time
from collections.abc import Iterator

import pytest
from test_redteam9 import forging

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict
from rewards.sandbox.local import Sandbox, SandboxConfig

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up
M61 = (1 << 61) - 1  # hash(k * M61) == 0 for every int k: the ints of a hash flood


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


@pytest.fixture(scope="module")
def box() -> Iterator[Sandbox]:
    with Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=8.0)) as sandbox:
        yield sandbox


def timed(reward: CodeTests, code: str, **columns: object) -> tuple[Verdict, float]:
    start = time.monotonic()
    [verdict] = reward.judge([textwrap.dedent(code)], **{k: [v] for k, v in columns.items()})
    assert verdict is not None
    return verdict, time.monotonic() - start


def check(body: str) -> str:
    """A HumanEval ``check(candidate)`` of ``body`` (dedented, indented under it)."""
    return "def check(candidate):\n" + textwrap.indent(textwrap.dedent(body), "    ")


# ------------------------------------------------------------------------------ value classes: hash floods

# UUIDs hash as their int, IPv6 addresses as (int, scope) and IPv6 networks as int ^ mask: k * (2**61 - 1) is one
# hash for every k, so a set of n of them costs n**2 / 2 comparisons (Python-level __eq__ for a UUID).
FLOODS = {
    "uuid": "import uuid\ndef f():\n    return [uuid.UUID(int=k * M) for k in range(1, 40000)]\n",
    "uuid-generator": "import uuid\ndef f():\n    return (uuid.UUID(int=k * M) for k in range(1, 40000))\n",
    "uuid-set": "import uuid\ndef f():\n    return {uuid.UUID(int=k * M) for k in range(1, 40000)}\n",
    "ipv6-address": "import ipaddress\ndef f():\n    return [ipaddress.IPv6Address(k * M) for k in range(1, 40000)]\n",
    "ipv6-network": "import ipaddress\ndef f():\n"
                    "    return [ipaddress.IPv6Network(((1 << 128) - 1 ^ k * M, 128)) for k in range(1, 40000)]\n",
    "user-list": "import collections, uuid\ndef f():\n"
                 "    return collections.UserList(uuid.UUID(int=k * M) for k in range(1, 40000))\n",
    "user-dict-keys": "import collections\ndef f():\n"
                      "    return collections.UserDict({k * M: 0 for k in range(1, 40000)})\n",
    "slices": "def f():\n    return [slice(k * M, 0, 1) for k in range(1, 40000)]\n",
    "struct-times": "import time\ndef f():\n"
                    "    return [time.struct_time((k * M,) + (0,) * 8) for k in range(1, 40000)]\n",
}


@pytest.mark.parametrize("code", FLOODS.values(), ids=FLOODS.keys())
def test_a_hash_flood_of_library_values_is_refused_in_bounded_time(code: str, reward: CodeTests) -> None:
    test = check("got = candidate()\nassert len(set(got)) == 3\n")
    verdict, took = timed(reward, f"M = {M61}\n{code}", test=test, entry_point="f", code_prompt="def f():\n    pass\n")
    assert verdict.score == 0.0, verdict
    assert took < FAST_S, f"{took:.1f}s for one completion"


def test_a_flooding_answer_costs_this_thread_little(box: Sandbox) -> None:
    """Measured as this thread's CPU: the refusal comes from the flood check, before anything hashes them all."""
    with box.session() as s:
        assert s.load(f"import uuid\nM = {M61}\ndef f():\n"
                      "    return [uuid.UUID(int=k * M) for k in range(1, 40000)]\n").ok
        start = time.thread_time()
        result = s.call("f", ())
        assert not result.ok and "hash" in result.error, result
        assert time.thread_time() - start < 2.0


# ------------------------------------------------------------------------------ value classes: forged parts

PART = "def f():\n    forge(lambda reply: {{**reply, 'value': {wire!r}}})\n    return 0\n"
FORGED_PARTS = {
    "uuid-too-long": ["UU", "0x" + "f" * 33],
    "uuid-negative": ["UU", "-0x1"],
    "uuid-not-text": ["UU", 5],
    "path-concrete-class": ["PA", "Path", "/etc/passwd"],
    "path-windows-concrete": ["PA", "WindowsPath", "C:/x"],
    "path-nul": ["PA", "PosixPath", "/etc/passwd\0"],
    "path-huge": ["PA", "PosixPath", "a/" * 5000],
    "ip-class": ["IP", "ip_address", "1.2.3.4"],
    "ip-bad-text": ["IP", "IPv4Address", "999.1.1.1"],
    "ip-huge": ["IP", "IPv6Network", ":" * 5000],
    "user-string-not-text": ["US", ["S", "x"]],
    "user-dict-not-pairs": ["UD", [["S", "a"]]],
    "struct-time-short": ["ST", [1, 2, 3], ["N"], ["N"]],
    "struct-time-zone": ["ST", [1, 2, 3, 4, 5, 6, 7, 8, 9], ["L", []], ["N"]],
    "struct-time-float": ["ST", [1, 2, 3, 4, 5, 6, 7, 8, ["F", 1.5]], ["N"], ["N"]],
    "struct-time-offset-text": ["ST", [1, 2, 3, 4, 5, 6, 7, 8, 9], ["N"], ["S", "0"]],
    "slice-two": ["SL", [1, 2]],
    "slice-handle": ["SL", [["H", "0x1", "object", None], ["N"], ["N"]]],
    "ellipsis-args": ["EL", 1],
    "builtin-exception-unsent": ["BI", "SystemExit"],
}


PART_TEST = "r = f()\nassert r is not None and r != 0 and str(r) == str(r)"


@pytest.mark.parametrize("wire", FORGED_PARTS.values(), ids=FORGED_PARTS.keys())
def test_a_forged_library_value_fails_the_call(wire: list, reward: CodeTests) -> None:
    """Each forged answer is refused (or, for a handle id the job never made, unusable): the test reading it fails,
    and no path of the completion's choosing is opened here."""
    verdict, took = timed(reward, forging(PART.format(wire=wire)), test_list=[PART_TEST])
    assert verdict.score == 0.0, verdict
    assert took < FAST_S


@pytest.mark.parametrize("wire", [["UU", "0x5"], ["PA", "PosixPath", "/a/b"], ["IP", "IPv6Network", "::/0"],
                                  ["US", "x"], ["ST", [1, 2, 3, 4, 5, 6, 7, 8, 9], ["S", "GMT"], 0], ["EL"],
                                  ["SL", [1, ["N"], ["N"]]], ["UD", [[["S", "a"], 1]]]])
def test_the_same_forge_of_a_well_formed_value_is_read(wire: list, reward: CodeTests) -> None:
    """The control for the refusals above: the forge reaches the test, which passes on a well-formed value."""
    verdict, _ = timed(reward, forging(PART.format(wire=wire)), test_list=[PART_TEST])
    assert verdict.score == 1.0, verdict


def test_a_path_answer_never_reads_a_host_file(reward: CodeTests, tmp_path: object) -> None:
    """A completion's ``Path`` is a pure path here: a test's ``read_text()`` of it fails, as it would read the file
    in the sandbox (where the completion could have made it), never this host's file at the path it named."""
    secret = tmp_path / "secret.txt"  # type: ignore[operator]
    secret.write_text("42")
    code = f"import pathlib\ndef where():\n    return pathlib.Path({str(secret)!r})\n"
    for test in ("p = where()\nassert p.read_text() == '42'", "p = where()\nassert p.exists()",
                 "p = where()\nassert p.resolve().stat().st_size == 2",
                 "p = where()\nassert p.with_suffix('.txt').open().read() == '42'"):
        verdict, _ = timed(reward, code, test_list=[test])
        assert verdict.score == 0.0, (test, verdict)


def test_a_path_the_completion_made_is_concrete_again_in_its_job(reward: CodeTests) -> None:
    """A completion's Path is pure here (`wire.JobPath`) and concrete again when it goes back into the job: its own
    function finds exists() on the Path it made (red team 11 found it pure there too)."""
    code = ("import pathlib\ndef make():\n    return pathlib.Path('/tmp/made.txt')\n"
            "def exists(p):\n    return p.exists()\n")
    verdict, _ = timed(reward, code, test_list=["assert exists(make()) in (True, False)"])
    assert verdict.score == 1.0, verdict


NETWORK_LOOP = """
import time
n = 0
for _ in {it}:
    n += 1
    if n & 4095 == 0 and time.monotonic() > {end}:
        raise TimeoutError("this side still iterating the answer")
assert n == 4
"""


@pytest.mark.parametrize("it", ["hosts()", "hosts().hosts()"], ids=["the-network", "its-hosts"])
def test_a_network_answer_never_makes_this_side_iterate_past_the_deadline(it: str, reward: CodeTests) -> None:
    """The completion answers a function that should give four addresses with every IPv6 address there is; the
    test iterates what it got (its own loop stops itself after 3 s here: in a trainer it would run for ever, or
    fill memory in a list()). Red team 11; a network or interface of more than 65,536 addresses is refused, as a
    range of as many items is (`wire.MAX_RANGE`): an honest answer of 10.0.0.0/8 is refused too, a stated bound."""
    code = "import ipaddress\ndef hosts():\n    return ipaddress.IPv6Network('::/0')\n"
    test = NETWORK_LOOP.format(it=it, end=time.monotonic() + 3)
    verdict, _ = timed(reward, code, test_list=[test])
    assert verdict.score == 0.0, verdict
    assert "still iterating" not in verdict.detail, verdict  # refused before the test could loop


def test_a_slice_of_handles_converts_nothing(reward: CodeTests) -> None:
    """A slice holding objects of the job: a test's ``xs[s]`` asks each for an index, which no handle gives (a
    conversion would let one object answer every test)."""
    code = ("class Any:\n    def __index__(self):\n        return 1\n"
            "    def __eq__(self, other):\n        return True\n"
            "def window():\n    return slice(Any(), Any())\n")
    verdict, _ = timed(reward, code, test_list=["assert [1, 2, 3][window()] == [2]",
                                                "assert window() == slice(1, 2)"])
    assert verdict.score == 0.0, verdict


def test_a_struct_time_of_huge_fields_fails_the_test_quickly(reward: CodeTests) -> None:
    code = "import time\ndef now():\n    return time.struct_time((10 ** 4000,) * 9)\n"
    verdict, took = timed(reward, code, test_list=[
        "import time\nassert time.mktime(now()) > 0", "import time\nassert time.strftime('%Y', now()) == '2026'",
        "import datetime\nassert datetime.datetime(*now()[:6]).year == 2026"])
    assert verdict.score == 0.0 and took < FAST_S, verdict


USER_LIST_UNCHANGED = check("""
    from collections import UserList
    xs = UserList([3, 1, 2])
    assert candidate(xs) == [1, 2, 3]
    assert xs == UserList([3, 1, 2]), "the input must be left as it was"
""")


def test_a_user_list_changed_in_place_reads_changed(reward: CodeTests) -> None:
    """A completion that sorts the test's UserList in place (wrong here: the test asks for it unchanged) must fail, as
    in plain Python."""
    verdict, _ = timed(reward, "def sort_copy(xs):\n    xs.sort()\n    return list(xs)\n", test=USER_LIST_UNCHANGED,
                       entry_point="sort_copy", code_prompt="def sort_copy(xs):\n    pass\n")
    assert verdict.score == 0.0, verdict
    honest, _ = timed(reward, "def sort_copy(xs):\n    return sorted(xs)\n", test=USER_LIST_UNCHANGED,
                      entry_point="sort_copy", code_prompt="def sort_copy(xs):\n    pass\n")
    assert honest.score == 1.0, honest


def test_a_user_dict_filled_in_place_reads_filled(reward: CodeTests) -> None:
    test = check("""
        from collections import UserDict
        seen = UserDict()
        candidate(seen, "a")
        candidate(seen, "a")
        assert seen == {"a": 2}
    """)
    prompt = "def count(seen, key):\n    pass\n"
    verdict, _ = timed(reward, "def count(seen, key):\n    seen[key] = seen.get(key, 0) + 1\n", test=test,
                       entry_point="count", code_prompt=prompt)
    assert verdict.score == 1.0, verdict
    wrong, _ = timed(reward, "def count(seen, key):\n    pass\n", test=test, entry_point="count", code_prompt=prompt)
    assert wrong.score == 0.0, wrong


# ------------------------------------------------------------------------------ exception details

def _group(width: int, notes: int) -> dict:
    member = {"exc": "ValueError", "msg": "m", "base": "ValueError", "notes": ["n" * 4000] * notes}
    inner = {"exc": "ExceptionGroup", "msg": "g", "base": "Exception", "group": ["g", [member] * width],
             "cause": member, "notes": ["n" * 4000] * notes}
    return {"exc": "ExceptionGroup", "msg": "top", "base": "Exception", "group": ["top", [inner] * width],
            "cause": inner}


GROUP_RAISES = "def f(x):\n    forge(lambda reply: {{**reply, **{reply!r}}})\n    raise ValueError('x')\n"


@pytest.mark.parametrize(("width", "notes"), [(64, 0), (64, 2), (8, 64), (65, 0)])
def test_a_forged_wide_group_is_made_in_bounded_time_and_fails_a_wrong_answer(width: int, notes: int,
                                                                                reward: CodeTests) -> None:
    tests = ["try:\n    f(1)\nexcept* ValueError as eg:\n    n = len(eg.exceptions)\nassert n == 1",
             "import traceback\ntry:\n    f(1)\nexcept Exception as e:\n"
             "    text = ''.join(traceback.format_exception(e))\n"
             "assert len(text) < 100",
             "assert f(2) == 4"]
    verdict, took = timed(reward, forging(GROUP_RAISES.format(reply=_group(width, notes))), test_list=tests)
    assert verdict.score == 0.0, verdict
    assert took < FAST_S


def test_a_deep_forged_cause_chain_stops_at_two_levels(box: Sandbox) -> None:
    deep: dict = {"exc": "KeyError", "msg": "k", "base": "KeyError"}
    for level in range(60):
        deep = {"exc": "ValueError", "msg": f"level {level}", "base": "ValueError", "cause": deep}
    with box.session() as s:
        assert s.load(forging(GROUP_RAISES.format(reply=deep))).ok
        result = s.call("f", (1,))
        assert result.raised and result.cause is not None and result.cause.cause is not None
        assert result.cause.cause.cause is None


EXITS = {
    "a-cause": {"cause": {"exc": "SystemExit", "msg": "0", "base": "SystemExit", "args": ["T", [0]]}},
    "a-member": {"exc": "BaseExceptionGroup", "base": "BaseExceptionGroup", "msg": "g",
                 "group": ["g", [{"exc": "SystemExit", "msg": "0", "base": "SystemExit", "args": ["T", [0]]}]]},
    "keyboard": {"exc": "KeyboardInterrupt", "base": "KeyboardInterrupt", "msg": ""},
    "generator-exit": {"exc": "GeneratorExit", "base": "GeneratorExit", "msg": ""},
    "timed-out-exit": {"exc": "SystemExit", "base": "SystemExit", "msg": "0", "timeout": True},
}


@pytest.mark.parametrize("reply", EXITS.values(), ids=EXITS.keys())
def test_a_forged_exit_never_escapes_the_judge(reply: dict, reward: CodeTests) -> None:
    """An exit named anywhere but as a call's own raise is a CandidateError: the batch goes on, and the completion
    beside it is judged."""
    code = forging(GROUP_RAISES.format(reply=reply))
    tests = ["try:\n    f(1)\nexcept Exception:\n    pass\nassert f(2) == 2",
             "try:\n    f(1)\nexcept Exception as e:\n    raise e.__cause__ or e\n"]
    verdicts = reward.judge([code, "def f(x):\n    return x\n"], test_list=[tests, tests])
    assert verdicts[0] is not None and verdicts[0].score == 0.0, verdicts
    assert verdicts[1] is not None and verdicts[1].score == 1.0, verdicts


@pytest.mark.parametrize("reply", EXITS.values(), ids=EXITS.keys())
def test_a_forged_exit_is_made_as_no_exit(reply: dict, box: Sandbox) -> None:
    """What the test gets for each forged exit, even from a call (``exits``): no BaseException but an Exception,
    however deep the exit was named."""
    from rewards.sandbox.handles import failure

    with box.session() as s:
        assert s.load(forging(GROUP_RAISES.format(reply=reply))).ok
        made = failure(s.call("f", (1,)), s.exceptions, exits=True)
    seen, stack = [], [made]
    while stack:
        e = stack.pop()
        seen.append(e)
        stack.extend([*getattr(e, "exceptions", ()), *([e.__cause__] if e.__cause__ is not None else [])])
    assert all(isinstance(e, Exception) for e in seen), seen


def test_an_exit_from_a_protocol_method_is_no_exit(reward: CodeTests) -> None:
    """``len()``, ``repr()`` and ``bool()`` of an object of the job are asked by trusted code too: a SystemExit
    claimed by one is a CandidateError, never an exit of the trainer's thread."""
    code = forging("""
        class Box:
            def __len__(self):
                forge(lambda reply: {**reply, "ok": False, "exc": "SystemExit", "base": "SystemExit", "msg": "0",
                                     "args": ["T", [0]]})
                return 3
            def __repr__(self):
                forge(lambda reply: {**reply, "ok": False, "exc": "SystemExit", "base": "SystemExit", "msg": "0"})
                return "Box()"
        def make():
            return Box()
    """)
    tests = ["b = make()\ntry:\n    len(b)\nexcept SystemExit:\n    ok = True\nelse:\n    ok = False\nassert ok",
             "b = make()\ntry:\n    repr(b)\nexcept SystemExit:\n    ok = True\nelse:\n    ok = False\nassert ok"]
    verdicts = reward.judge([code, "def make():\n    return 1\n"], test_list=[tests, tests])
    assert verdicts[0] is not None and verdicts[0].score == 0.0, verdicts
    assert verdicts[1] is not None, verdicts


def test_notes_are_charged_against_the_completions_bytes(box: Sandbox) -> None:
    """A raise whose notes fill its reply (4 MiB of them, as many times as the test calls) costs the completion's
    byte budget as an answer would: a test keeping the exceptions it caught holds what was charged, never more."""
    code = forging(GROUP_RAISES.format(reply={"notes": ["n" * 4000] * 64}))
    with box.session() as s:
        assert s.load(code).ok
        for _ in range(3):
            result = s.call("f", (1,))
            assert result.raised and result.notes is not None and len(result.notes) == 64
        assert s.received >= 3 * 64 * 4000


# ------------------------------------------------------------------------------ what the test gives to read

INFINITE = check("""
    import itertools
    from unittest.mock import patch
    with patch("builtins.input", side_effect=itertools.repeat("3")) as given:
        assert candidate() == 6
""")
ADD_PROMPT = "def add_two():\n    pass\n"


def test_an_infinite_side_effect_is_read_in_bounded_time(reward: CodeTests) -> None:
    """A test's mock whose side effect never ends (``itertools.repeat``, ``cycle``, a generator): its lines past the
    bound give nothing to read, and reading them ahead must not take forever."""
    verdict, took = timed(reward, "def add_two():\n    return int(input()) + int(input())\n", test=INFINITE,
                          entry_point="add_two", code_prompt=ADD_PROMPT)
    assert verdict.score in (0.0, 1.0) and took < FAST_S, verdict


def test_a_side_effect_read_ahead_by_many_calls_stays_flat(reward: CodeTests) -> None:
    """Each call reads the mock's lines ahead again: 2,000 calls under one patch of a long iterator stay linear."""
    test = check("""
        from unittest.mock import patch
        with patch("builtins.input", side_effect=iter([str(i) for i in range(5000)])) as given:
            for i in range(0, 4000, 2):
                assert candidate() == 2 * i + 1
            assert given.call_count == 4000
    """)
    verdict, took = timed(reward, "def add_two():\n    return int(input()) + int(input())\n", test=test,
                          entry_point="add_two", code_prompt=ADD_PROMPT)
    assert verdict.score == 1.0, verdict
    assert took < FAST_S


FED = check("""
    from unittest.mock import patch
    with patch("builtins.input", side_effect=["3", "4"]) as given:
        assert candidate() == 7
        assert given.call_count == 2
    with patch("builtins.print") as shown:
        candidate()
        shown.assert_called_with(7)
""")
FORGED_FED = {
    "read-million": {"read": [[]] * 1_000_000},
    "read-prompts-huge": {"read": [["x" * 100_000]] * 40},
    "read-not-a-list": {"read": "all"},
    "prints-flood": {"prints": [[["T", [["S", "x" * 1000]]], []]] * 20_000},
    "prints-not-data": {"prints": [[["H", "0x1", "object", None], []], [["T", [["H", "0x1", "object", None]]], []]]},
    "prints-keywords": {"prints": [[["T", [7]], [["file", ["S", "/dev/tty"]], ["flush", True], ["sep", 5]]]]},
    "prints-deep": {"prints": [[["T", [["L", [["L", [["L", []]]]]]]], []]]},
    "not-a-dict": [1, 2, 3],
}


@pytest.mark.parametrize("fed", FORGED_FED.values(), ids=FORGED_FED.keys())
def test_a_forged_fed_reply_pays_nothing_and_stays_bounded(fed: object, reward: CodeTests) -> None:
    """The completion answers 0 and forges what it read and printed: the test fails, in bounded time."""
    code = forging(f"""
        def add_two():
            forge(lambda reply: {{**reply, "fed": {fed!r}}})
            return 0
    """)
    verdict, took = timed(reward, code, test=FED, entry_point="add_two", code_prompt=ADD_PROMPT)
    assert verdict.score == 0.0, verdict
    assert took < FAST_S


def test_a_test_stdin_of_a_hundred_megabytes_costs_bounded_time(reward: CodeTests) -> None:
    test = check("""
        import io, sys
        old = sys.stdin
        sys.stdin = io.StringIO("7\\n" + "x" * 100_000_000)
        try:
            for _ in range(20):
                assert candidate() == 7
        finally:
            sys.stdin = old
    """)
    verdict, took = timed(reward, "import sys\ndef first():\n    return int(sys.stdin.readline())\n", test=test,
                          entry_point="first", code_prompt="def first():\n    pass\n")
    assert verdict.score == 0.0, verdict  # the second call reads the x's: as in one process
    assert took < FAST_S


def test_print_arguments_that_are_not_plain_data_cross_as_text(reward: CodeTests) -> None:
    """An object whose ``__eq__`` says yes to everything, printed: the test's mock gets its text, never the object."""
    code = "class Yes:\n    def __eq__(self, other):\n        return True\n    __hash__ = None\n" \
           "def show():\n    print(Yes())\n"
    test = check("""
        from unittest.mock import patch
        with patch("builtins.print") as shown:
            candidate()
        shown.assert_called_once_with(42)
    """)
    verdict, _ = timed(reward, code, test=test, entry_point="show", code_prompt="def show():\n    pass\n")
    assert verdict.score == 0.0, verdict


# ------------------------------------------------------------------------------ warnings

WARNS = check("""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        assert candidate(1) == 2
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)
""")
FORGED_WARNINGS = {  # each an expression the completion's forge evaluates (a flood is too long to write out)
    "exit": '[["SystemExit", "SystemExit", [], "x" * 60]]',
    "keyboard": '[["KeyboardInterrupt", "Warning", [], "x" * 60]]',
    "not-a-warning": '[["Mine", "ValueError", [], "x" * 60]]',
    "parents-builtin": '[["Mine", "Warning", ["ValueError", "SystemExit"], "x" * 60]]',
    "dunder": '[["__import__", "Warning", [], "x" * 60]]',
    "odd-name": '[["a b", "Warning", [], "x" * 60], ["x" * 65, "Warning", [], "x"], [1, "Warning", [], "x"]]',
    "flood": '[["UserWarning", "UserWarning", [], "x" * 1000]] * 3000',
    "long-text": '[["UserWarning", "UserWarning", [], "x" * 10_000]]',
    "short": '[["UserWarning"]]',
}


@pytest.mark.parametrize("warned", FORGED_WARNINGS.values(), ids=FORGED_WARNINGS.keys())
def test_a_forged_warning_never_passes_or_escapes(warned: str, reward: CodeTests,
                                                  capfd: pytest.CaptureFixture) -> None:
    """Forged warnings (none a DeprecationWarning) fail the test that wants one, raise nothing out of the judge and
    print nothing on the trainer's stderr, whether the test records them or not."""
    code = forging(f"""
        def f(x):
            forge(lambda reply: {{**reply, "warned": {warned}}})
            return x + 1
    """)
    verdict, took = timed(reward, code, test=WARNS, entry_point="f", code_prompt="def f(x):\n    pass\n")
    assert verdict.score == 0.0, verdict
    assert took < FAST_S
    quiet, _ = timed(reward, code, test=check("import warnings\nassert candidate(1) == 2\n"), entry_point="f",
                     code_prompt="def f(x):\n    pass\n")
    assert quiet.score == 1.0, quiet
    assert "x" * 50 not in capfd.readouterr().err


def test_a_warning_never_reaches_a_trainer_that_logs_warnings(reward: CodeTests, caplog: pytest.LogCaptureFixture,
                                                              recwarn: pytest.WarningsRecorder) -> None:
    """A trainer that routes warnings to its logs (``logging.captureWarnings(True)``, as many do) has replaced the
    warnings module's display before any row ran: a row whose test names warnings but records none must still drop
    the completion's, never log them (one log line per warning, 100 a call, of its text)."""
    code = "import warnings\ndef f(x):\n    warnings.warn('pwned ' * 20)\n    return x + 1\n"
    test = check("import warnings\nassert candidate(1) == 2\n")
    logging.captureWarnings(True)
    try:
        with caplog.at_level(logging.WARNING, logger="py.warnings"):
            verdict, _ = timed(reward, code, test=test, entry_point="f", code_prompt="def f(x):\n    pass\n")
    finally:
        logging.captureWarnings(False)
    assert verdict.score == 1.0, verdict
    assert "pwned" not in caplog.text
    assert not any("pwned" in str(w.message) for w in recwarn)


def test_a_forged_warning_class_name_never_makes_a_raise_pass(reward: CodeTests) -> None:
    """A warning forged under the name of the completion's exception class first makes its stand-in a Warning: the
    test's ``except`` of the builtin base it really has then still sees what one process would (a ValueError)."""
    code = forging("""
        class Empty(ValueError):
            pass
        def f(x):
            if x:
                raise Empty("none")
            forge(lambda reply: {**reply, "warned": [["Empty", "UserWarning", [], "x"]]})
            return 1
    """)
    test = check("""
        import warnings
        with warnings.catch_warnings(record=True):
            candidate(0)
        try:
            candidate(1)
        except ValueError:
            pass
    """)
    verdict, _ = timed(reward, code, test=test, entry_point="f", code_prompt="def f(x):\n    pass\n")
    assert verdict.score in (0.0, 1.0), verdict  # the completion's own doing either way; nothing escapes


# ------------------------------------------------------------------------------ builtin exception classes by name

def test_a_builtin_exception_class_crosses_and_comes_back_as_sent(reward: CodeTests) -> None:
    code = "def pick(kinds):\n    kinds.reverse()\n    return len(kinds)\n"
    test = check("""
        kinds = [ValueError, KeyError]
        assert candidate(kinds) == 2
        assert kinds == [KeyError, ValueError] and kinds[0] is KeyError
    """)
    verdict, _ = timed(reward, code, test=test, entry_point="pick", code_prompt="def pick(kinds):\n    pass\n")
    assert verdict.score == 1.0, verdict


@pytest.mark.parametrize("name", ["SystemExit", "KeyboardInterrupt", "BaseException", "GeneratorExit"])
def test_an_exit_class_the_call_never_sent_is_refused_in_its_arguments(name: str, reward: CodeTests) -> None:
    """The job leaves the test's list holding an exit class it was never sent: refused, so the test's ``raise
    kinds[0]`` never raises an exit here."""
    code = forging(f"""
        def pick(kinds):
            forge(lambda reply: {{**reply, "after": ["L", [["L", [["L", [["BI", {name!r}]]]]], ["D", []]]]}})
            kinds.reverse()
            return 2
    """)
    test = check("""
        kinds = [ValueError, KeyError]
        assert candidate(kinds) == 2
        try:
            raise kinds[0]("x")
        except Exception:
            pass
    """)
    verdict, took = timed(reward, code, test=test, entry_point="pick", code_prompt="def pick(kinds):\n    pass\n")
    assert verdict.score == 0.0 and took < FAST_S, verdict


@pytest.mark.parametrize("name", ["SystemExit", "KeyboardInterrupt", "ValueError"])
def test_a_handle_claiming_an_exception_class_never_raises_as_one(name: str, reward: CodeTests) -> None:
    """An object of the job that claims to be a builtin exception class equals it, as the class would, but is never
    raised or caught as it: ``raise`` of it fails the test, never exits."""
    code = forging(f"""
        class Fake:
            pass
        def kind():
            forge(lambda reply: {{**reply, "value": ["H", reply["value"][1], "type", None, None, {name!r}]}})
            return Fake
    """)
    tests = ["try:\n    raise kind()('x')\nexcept Exception:\n    pass\nassert False",
             f"k = kind()\nassert k == {name}\nraise k"]
    verdicts = reward.judge([code, "def kind():\n    return ValueError\n"], test_list=[tests, tests])
    assert verdicts[0] is not None and verdicts[0].score == 0.0, verdicts
    assert verdicts[1] is not None, verdicts


# ------------------------------------------------------------------------------ bounds across many uses

def test_many_uses_of_the_jobs_objects_under_a_large_stdin_stay_within_the_deadline(reward: CodeTests) -> None:
    """Every use of the job (each item of a generator of its objects is a round trip) carries the test's stdin
    text: a completion answering with 20,000 such items while the test's stdin holds 100 MB is cut at its
    deadline, not after 20,000 copies of it."""
    code = "class Item:\n    pass\ndef items():\n    return (Item() for _ in range(20000))\n"
    test = check("""
        import io, sys
        old = sys.stdin
        sys.stdin = io.StringIO("x" * 100_000_000)
        try:
            assert len(list(candidate())) == 20000
        finally:
            sys.stdin = old
    """)
    verdict, took = timed(reward, code, test=test, entry_point="items", code_prompt="def items():\n    pass\n")
    assert verdict.score in (0.0, 1.0), verdict
    assert took < FAST_S


def test_warning_names_by_the_thousand_cost_little(box: Sandbox) -> None:
    """Each forged warning name is one stand-in class of the session: 100 new names a call over 200 calls is
    bounded work here (this thread's CPU), and every one is a Warning."""
    import warnings

    from rewards.code.streams import _warn_again

    code = forging("""
        def f(i):
            forge(lambda reply: {**reply, "warned": [[f"W{i}_{k}", "UserWarning", [], "x"] for k in range(100)]})
            return i
    """)
    with box.session() as s:
        assert s.load(code).ok
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            shown = (None, None)  # the display this row began with: another, so the test records
            s.warned = lambda items: _warn_again(s, shown, items)
            start = time.thread_time()
            for i in range(200):
                assert s.call("f", (i,)).value == i
            took = time.thread_time() - start
        assert len(caught) == 20_000 and all(issubclass(w.category, UserWarning) for w in caught)
        assert took < 10.0, f"{took:.1f}s"
