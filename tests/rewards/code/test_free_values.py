"""The test's own functions passed into the completion (`inside.job.FreeValues`, `sandbox.replay.Replay`): what the
completion's calls of them do to the test's variables (a memoize test counting calls in its list, a ``nonlocal``
counter, a retry decorator's attempts) is what one process shows, because the test's side makes each logged call
again with the test's own function; a completion can make the test's variables hold only what calling its
function could, never a value it chose. Real sandbox, real processes; each honest case passes plain Python too."""

from __future__ import annotations

import pytest
from honest import Case, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.sandbox.replay import may_change_free

MEMOIZE = '''
    def memoize(f):
        cache = {}

        def wrapper(*args):
            if args not in cache:
                cache[args] = f(*args)
            return cache[args]
        return wrapper
    '''

HONEST = [
    humaneval("free-memoize-counts-calls-and-test-clears-them", MEMOIZE, '''
        def check(candidate):
            calls = []

            def slow(x):
                calls.append(x)
                return x * 2
            m = candidate(slow)
            assert m(2) == 4 and m(2) == 4 and m(3) == 6
            assert calls == [2, 3]
            calls.clear()
            assert m(3) == 6 and m(5) == 10
            assert calls == [5]
        ''', "memoize"),
    humaneval("free-nonlocal-counter-rebound-by-the-test", '''
        def call_n(f, n):
            return [f() for _ in range(n)]
        ''', '''
        def check(candidate):
            count = 0

            def bump():
                nonlocal count
                count += 1
                return count
            assert candidate(bump, 3) == [1, 2, 3]
            assert count == 3
            count = 10
            assert candidate(bump, 2) == [11, 12]
            assert count == 12
        ''', "call_n"),
    humaneval("free-retry-decorator-attempts", '''
        import functools


        def retry(times):
            def deco(f):
                @functools.wraps(f)
                def wrapped(*a, **k):
                    for attempt in range(times):
                        try:
                            return f(*a, **k)
                        except ValueError:
                            if attempt == times - 1:
                                raise
                return wrapped
            return deco
        ''', '''
        def check(candidate):
            attempts = {"n": 0}

            @candidate(3)
            def flaky(tag):
                attempts["n"] += 1
                if attempts["n"] < 3:
                    raise ValueError("not yet")
                return tag
            assert flaky(tag="ok") == "ok"
            assert attempts == {"n": 3}
            assert flaky.__name__ == "flaky"
        ''', "retry"),
    humaneval("free-two-closures-share-one-log", '''
        def run_hooks(before, after, items):
            out = []
            for x in items:
                before(x)
                out.append(x * x)
                after(x)
            return out
        ''', '''
        def check(candidate):
            log = []
            assert candidate(lambda x: log.append(("b", x)), lambda x: log.append(("a", x)), [1, 2]) == [1, 4]
            assert log == [("b", 1), ("a", 1), ("b", 2), ("a", 2)]
        ''', "run_hooks"),
    humaneval("free-module-global-counter", '''
        def apply_all(fs, x):
            return [f(x) for f in fs]
        ''', '''
        TOTAL = 0


        def add(v):
            global TOTAL
            TOTAL += v
            return TOTAL


        def check(candidate):
            assert candidate([add, add, add], 2) == [2, 4, 6]
            assert TOTAL == 6
        ''', "apply_all"),
    humaneval("free-event-emitter-listener-records", '''
        class Emitter:
            def __init__(self):
                self.listeners = {}

            def on(self, name, fn):
                self.listeners.setdefault(name, []).append(fn)

            def emit(self, name, *args):
                for fn in self.listeners.get(name, []):
                    fn(*args)


        def make():
            return Emitter()
        ''', '''
        def check(candidate):
            seen = []
            e = candidate()
            e.on("data", lambda v: seen.append(v))
            e.on("data", lambda v: seen.append(v * 10))
            e.emit("data", 4)
            e.emit("other", 5)
            assert seen == [4, 40]
        ''', "make"),
    # A key function that only reads its free values is not logged: a sort of 20,000 items asks no replay.
    humaneval("free-read-only-key-function", '''
        def order_by(items, key):
            return sorted(items, key=key)
        ''', '''
        def check(candidate):
            rank = {c: i for i, c in enumerate("zyxwvutsrqponmlkjihgfedcba")}
            items = [chr(97 + i % 26) for i in range(20000)]
            got = candidate(items, lambda c: rank[c])
            assert got[0] == "z" and got[-1] == "a" and len(got) == 20000
        ''', "order_by"),
]

HOSTILE = [
    # The job's copy of the test's list is the job's: filling it changes nothing of the test's.
    humaneval("free-hack-fills-the-jobs-copy", '''
        def validate_all(verify, xs):
            verify.__wrapped__.__globals__["ok"].extend([True] * 5)
        ''', '''
        def check(candidate):
            ok = []

            def verify(x):
                ok.append(all(x % d for d in range(2, x)))
            candidate(verify, [2, 3, 5, 7, 11])
            assert ok == [True] * 5
        ''', "validate_all"),
    # A forged log is only calls of the test's function: its checks of 4 and 9 still say False.
    humaneval("free-hack-forges-the-log", '''
        import gc


        def validate_all(verify, xs):
            for x in xs[:3]:
                verify(x)
            free = next(o for o in gc.get_objects() if type(o).__name__ == "FreeValues")
            encode = type(free).logged.__globals__["encode"]
            free.calls.extend([[free.calls[0][0], encode([[x], {}], 0, None, "answer")] for x in (4, 9)])
        ''', '''
        def check(candidate):
            ok = []

            def verify(x):
                ok.append(all(x % d for d in range(2, x)))
            candidate(verify, [2, 3, 5, 7, 11])
            assert ok == [True] * 5
        ''', "validate_all"),
    # A log naming a function the test never sent fails the call.
    humaneval("free-hack-unknown-function-id", '''
        import gc


        def validate_all(verify, xs):
            for x in xs:
                verify(x)
            next(o for o in gc.get_objects() if type(o).__name__ == "FreeValues").calls.append([99, [[], {}]])
        ''', '''
        def check(candidate):
            ok = []

            def verify(x):
                ok.append(x > 0)
            try:
                candidate(verify, [1, 2])
            except Exception:
                pass
            assert ok == [True, True]
        ''', "validate_all"),
    # More calls than a request may have made again: the call fails, nothing is replayed.
    humaneval("free-hack-flood-of-calls", '''
        import gc


        def validate_all(verify, xs):
            verify(1)
            log = next(o for o in gc.get_objects() if type(o).__name__ == "FreeValues").calls
            log.extend([log[0]] * 100_001)
        ''', '''
        def check(candidate):
            ok = []

            def verify(x):
                ok.append(x)
            try:
                candidate(verify, [1])
            except Exception:
                pass
            assert ok == [1]
        ''', "validate_all"),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


def _score(reward: CodeTests, case: Case) -> float:
    (verdict,) = judge(reward, [case])
    assert verdict is not None
    return verdict.score


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_what_the_completion_does_through_the_tests_function_is_the_tests(reward: CodeTests, case: Case):
    assert run_plain(case) is None
    assert _score(reward, case) == 1.0


@pytest.mark.parametrize("case", HOSTILE, ids=[c.id for c in HOSTILE])
def test_a_completion_cannot_choose_what_the_tests_variables_hold(reward: CodeTests, case: Case):
    assert _score(reward, case) == 0.0


@pytest.mark.parametrize(("case", "holds"), [(HOSTILE[0], "[]"), (HOSTILE[1], "[True, True, True, False, False]")])
def test_the_hostile_completions_leave_what_their_calls_did(reward: CodeTests, case: Case, holds: str):
    """They fail for the replay, not for a crash: the test's list holds what the calls made again did to it."""
    check = case.row["test"].replace("assert ok == [True] * 5", f"assert ok == {holds}")
    assert _score(reward, Case(case.id, case.completion, {**case.row, "test": check})) == 1.0


@pytest.mark.parametrize(("source", "changes"), [
    ("lambda x: calls.append(x)", True),
    ("lambda x: heapq.heappush(calls, x)", True),
    ("lambda x: order.index(x)", False),
    ("lambda x: rank[x]", False),
    ("lambda s: s.lower()", False),
    ("lambda x, d={}: d.setdefault(x, 1)", False),  # a default, not a free variable
])
def test_which_functions_have_their_calls_made_again(source: str, changes: bool):
    code = compile(source, "<test>", "eval").co_consts[0]
    assert may_change_free(code) is changes


def test_rebinding_or_storing_into_anything_counts_as_a_change():
    def bump():
        global COUNTER
        COUNTER = 1

    def store(d):
        d["k"] = 1
    assert may_change_free(bump.__code__) and may_change_free(store.__code__)
