"""A generator the completion returns is a generator to the test (`handles.job_generator`): ``types.GeneratorType``,
``inspect.isgenerator`` and ``iter(g) is g`` hold, ``next``/``send``/``throw`` step the job's generator as one process
would, ``list(g)`` reads in batches only as far ahead as a send could not tell (`inside.job._reads_sends`), and the
generator passed back to the completion is its own again. The other way, a test's iterator of a list, tuple, str or
range goes on after a call from where the call stopped reading it (`writeback.read_on`). Real sandbox, real
processes; each honest case passes plain Python too."""

from __future__ import annotations

import gc

import pytest
from honest import Case, humaneval
from honest.reference import run_plain
from test_honest_corpus import judge

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig

RUNNING_TOTAL = '''
    def running_total():
        total = 0
        while True:
            x = yield total
            total += x
    '''

HONEST = [
    humaneval("gen-type-and-identity", '''
        def squares(n):
            for i in range(n):
                yield i * i
        ''', '''
        import inspect
        import types
        from collections.abc import Generator, Iterator


        def check(candidate):
            g = candidate(4)
            assert isinstance(g, types.GeneratorType) and inspect.isgenerator(g)
            assert isinstance(g, Generator) and isinstance(g, Iterator)
            assert iter(g) is g
            assert next(g) == 0 and next(g) == 1
            assert list(g) == [4, 9]
            assert list(g) == []
            assert next(g, "end") == "end"
        ''', "squares"),
    humaneval("gen-send-after-prime", RUNNING_TOTAL, '''
        def check(candidate):
            g = candidate()
            assert next(g) == 0
            assert g.send(3) == 3
            assert g.send(4) == 7
            assert [g.send(i) for i in range(3)] == [7, 8, 10]
        ''', "running_total"),
    humaneval("gen-send-to-a-generator-that-drops-it", '''
        def count_up():
            i = 0
            while True:
                yield i
                i += 1
        ''', '''
        def check(candidate):
            g = candidate()
            assert [next(g) for _ in range(5)] == [0, 1, 2, 3, 4]
            assert g.send("ignored") == 5
            assert next(g) == 6
        ''', "count_up"),
    humaneval("gen-next-next-then-send-reaches-the-right-yield", '''
        def echo():
            received = []
            while True:
                value = yield len(received)
                received.append(value)
        ''', '''
        def check(candidate):
            g = candidate()
            assert next(g) == 0
            assert next(g) == 1
            assert next(g) == 2
            assert g.send("x") == 3
        ''', "echo"),
    humaneval("gen-throw-caught-and-uncaught", '''
        def resilient():
            while True:
                try:
                    yield "ok"
                except ValueError as e:
                    yield f"caught {e}"
        ''', '''
        import pytest


        def check(candidate):
            g = candidate()
            assert next(g) == "ok"
            assert g.throw(ValueError("bad")) == "caught bad"
            assert next(g) == "ok"
            with pytest.raises(KeyError):
                g.throw(KeyError("k"))
            assert list(g) == []
        ''', "resilient"),
    humaneval("gen-stopiteration-ends-a-for-loop-and-islice", '''
        def naturals():
            n = 0
            while True:
                yield n
                n += 1
        ''', '''
        from itertools import islice, takewhile


        def check(candidate):
            assert list(islice(candidate(), 5)) == [0, 1, 2, 3, 4]
            assert list(takewhile(lambda x: x < 3, candidate())) == [0, 1, 2]
            assert sum(x for x, _ in zip(candidate(), range(100))) == 4950
        ''', "naturals"),
    humaneval("gen-recursive-yield-from", '''
        def flatten(items):
            for item in items:
                if isinstance(item, list):
                    yield from flatten(item)
                else:
                    yield item
        ''', '''
        def check(candidate):
            assert list(candidate([1, [2, [3, [4]]], 5])) == [1, 2, 3, 4, 5]
            g = candidate([[1], 2])
            assert next(g) == 1 and next(g) == 2
        ''', "flatten"),
    humaneval("gen-expression-returned", '''
        def doubled(xs):
            return (2 * x for x in xs)
        ''', '''
        import types


        def check(candidate):
            g = candidate([1, 2, 3])
            assert isinstance(g, types.GeneratorType)
            assert sorted(g) == [2, 4, 6]
        ''', "doubled"),
    humaneval("gen-passed-back-to-the-completion", '''
        def evens(n):
            yield from range(0, n, 2)


        def total(it):
            return sum(it)
        ''', '''
        def check(candidate):
            g = candidate(10)
            assert next(g) == 0
            assert total(g) == 2 + 4 + 6 + 8
        ''', "evens"),
    humaneval("gen-of-objects-of-the-job", '''
        from dataclasses import dataclass


        @dataclass
        class Item:
            name: str
            price: int


        def cheap(pairs):
            for name, price in pairs:
                if price < 10:
                    yield Item(name, price)
        ''', '''
        def check(candidate):
            items = list(candidate([("a", 3), ("b", 30), ("c", 5)]))
            assert [i.name for i in items] == ["a", "c"]
            assert items[1].price == 5
        ''', "cheap"),
    humaneval("gen-stopiteration-where-the-test-catches-it-with-the-return-value", '''
        def averaged(items):
            total = 0
            for count, x in enumerate(items, 1):
                total += x
                yield total / count
            return total
        ''', '''
        import pytest


        def check(candidate):
            g = candidate([2, 4])
            assert next(g) == 2.0 and next(g) == 3.0
            with pytest.raises(StopIteration) as stop:
                next(g)
            assert stop.value.value == 6
            with pytest.raises(StopIteration):
                next(candidate([]))
        ''', "averaged"),
    humaneval("gen-a-large-one-read-in-batches", '''
        def squares(n):
            for i in range(n):
                yield i * i
        ''', '''
        def check(candidate):
            assert list(candidate(20000)) == [i * i for i in range(20000)]
        ''', "squares"),
]


TAKE = '''
    from itertools import islice


    def take(it, n):
        return list(islice(it, n))
    '''

HONEST += [
    humaneval("iter-test-iterator-read-on-by-what-each-call-took", TAKE, '''
        def check(candidate):
            it = iter(range(10))
            assert candidate(it, 3) == [0, 1, 2]
            assert next(it) == 3
            assert candidate(it, 2) == [4, 5]
            assert list(it) == [6, 7, 8, 9]
            assert candidate(it, 2) == []
        ''', "take"),
    humaneval("iter-test-iterator-by-keyword-and-of-a-str", TAKE, '''
        def check(candidate):
            letters = iter("abcdef")
            next(letters)
            assert candidate(n=2, it=letters) == ["b", "c"]
            assert "".join(letters) == "def"
            words = iter(("x", "y"))
            assert candidate(words, 5) == ["x", "y"]
            assert next(words, None) is None
        ''', "take"),
    humaneval("iter-test-iterator-read-before-a-raise", '''
        def sum_until_negative(numbers):
            total = 0
            for x in numbers:
                if x < 0:
                    raise ValueError(x)
                total += x
            return total
        ''', '''
        import pytest


        def check(candidate):
            it = iter([1, 2, -3, 4, 5])
            with pytest.raises(ValueError):
                candidate(it)
            assert candidate(it) == 9
        ''', "sum_until_negative"),
    humaneval("iter-chunked-reads-a-shared-iterator", '''
        def pairs(items):
            it = iter(items)
            return list(zip(it, it))
        ''', '''
        def check(candidate):
            source = iter([1, 2, 3, 4, 5])
            assert candidate(source) == [(1, 2), (3, 4)]
            assert list(source) == []
        ''', "pairs"),
    humaneval("iter-file-like-arguments-go-on-and-keep-what-was-written", '''
        def header(stream):
            return stream.readline().rstrip("\\n").split(",")


        def log(stream, *lines):
            for line in lines:
                stream.write(line + "\\n")


        def api():
            return header, log
        ''', '''
        import io


        def check(candidate):
            header, log = candidate()
            f = io.StringIO("x,y\\n1,2\\n")
            assert header(f) == ["x", "y"]
            assert f.readline() == "1,2\\n" and f.read() == ""
            out = io.StringIO()
            out.write("start\\n")
            log(out, "a", "b")
            assert out.getvalue() == "start\\na\\nb\\n"
            out.write("end")
            assert out.getvalue().endswith("b\\nend")
            data = io.BytesIO(b"\\x01\\x02\\x03")
            data.read(1)
            assert list(iter(lambda: data.read(1), b"")) == [b"\\x02", b"\\x03"]
        ''', "api"),
    humaneval("iter-dict-set-and-reversed-iterators-go-on", '''
        def take(it, n):
            return [next(it) for _ in range(n)]
        ''', '''
        import itertools


        def check(candidate):
            keys = iter({"a": 1, "b": 2, "c": 3})
            assert candidate(keys, 1) == ["a"]
            assert list(keys) == ["b", "c"]
            items = iter({"x": 1, "y": 2}.items())
            assert candidate(items, 1) == [("x", 1)] and next(items) == ("y", 2)
            backwards = reversed([1, 2, 3, 4])
            assert candidate(backwards, 3) == [4, 3, 2] and list(backwards) == [1]
            members = iter({5})
            assert candidate(members, 1) == [5] and next(members, None) is None
            assert candidate(itertools.islice("abcdef", 1, 4), 2) == ["b", "c"]
            assert candidate(iter([1, 2, 3, 0].pop, 1), 2) == [0, 3]
        ''', "take"),
]


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests()


@pytest.mark.parametrize("case", HONEST, ids=[c.id for c in HONEST])
def test_correct_code_returning_a_generator_scores_one(case: Case, reward: CodeTests) -> None:
    assert run_plain(case) is None
    verdict = judge(reward, [case])[0]
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_job_claiming_more_reads_than_a_dict_iterator_has_moves_it_to_its_end_only() -> None:
    from rewards.sandbox.writeback import read_on
    keys, rest = iter({"a": 1, "b": 2}), iter({1, 2, 3})
    read_on((keys,), {"s": rest}, ((0, 10**9), ("s", 1)))
    assert list(keys) == [] and len(list(rest)) == 2


SEND_TEST = ("def check(candidate):\n    g = candidate()\n    assert next(g) == 0\n"
             "    assert g.send(3) == 3\n    assert g.send(4) == 7\n")


@pytest.mark.parametrize("code", [
    "def running_total():\n    total = 0\n    while True:\n        yield total\n        total += 1\n",  # drops sends
    "def running_total():\n    return iter([0, 3, 7])\n",  # an iterator, no generator: send is no method of it
    "class generator:\n    def __init__(self): self.i = -1\n    def __iter__(self): return self\n"
    "    def __next__(self): self.i += 1; return [0, 3, 7][self.i]\n"
    "    def send(self, v): return self.__next__()\n"
    "def running_total():\n    return generator()\n",  # a class named like one, no generator: its own send runs
])
def test_code_that_ignores_what_is_sent_fails(code: str, reward: CodeTests) -> None:
    test = SEND_TEST + "    import types\n    assert isinstance(g, types.GeneratorType)\n"
    verdict = reward.judge([code], test=[test], entry_point=["running_total"])[0]
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_wrong_generator_fails(reward: CodeTests) -> None:
    code = "def squares(n):\n    for i in range(n + 1):\n        yield i * i\n"
    test = "def check(candidate):\n    assert list(candidate(3)) == [0, 1, 4]\n"
    verdict = reward.judge([code], test=[test], entry_point=["squares"])[0]
    assert verdict is not None and verdict.score == 0.0


def test_an_endless_generator_read_whole_is_refused_at_the_item_bound(reward: CodeTests) -> None:
    code = "def ones():\n    while True:\n        yield 1\n"
    test = "def check(candidate):\n    assert sum(candidate()) > 0\n"
    verdict = reward.judge([code], test=[test], entry_point=["ones"])[0]
    assert verdict is not None and verdict.score == 0.0 and "more than" in verdict.detail, verdict


def test_close_runs_the_jobs_finally_but_garbage_collection_makes_no_round_trip() -> None:
    # Garbage collection closes a generator too: the test's view of the job's must not call into the job then (any
    # thread, any moment), so only the test's own close() is made there.
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as s:
        s.load("closed = []\ndef g():\n    try:\n        yield 1\n        yield 2\n    finally:\n"
               "        closed.append(1)\n\ndef was_closed():\n    return len(closed)\n")
        gen = s.call("g", ()).value
        assert next(gen) == 1
        gen.close()
        assert s.call("was_closed", ()).value == 1
        dropped = s.call("g", ()).value
        assert next(dropped) == 1
        uses = s.uses
        s.generators.clear()  # what a new job does with the old one's: nothing holds the generator any more
        del dropped
        gc.collect()
        assert s.uses == uses
        assert s.call("was_closed", ()).value == 1


def test_a_generator_thrown_an_exception_that_cannot_cross_raises_it_here() -> None:
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as s:
        s.load("def g():\n    while True:\n        try:\n            yield 1\n        except Exception:\n"
               "            yield 'caught'\n")
        gen = s.call("g", ()).value
        assert next(gen) == 1

        class Own(Exception):
            pass
        with pytest.raises(Own):
            gen.throw(Own())
        with pytest.raises(ValueError):
            gen.throw(ValueError(object()))


def test_a_generator_of_another_completion_is_refused_not_read() -> None:
    with Sandbox(SandboxConfig(slots=2)) as box, box.session() as first, box.session() as second:
        code = "def g():\n    yield from range(3)\n\ndef total(it):\n    return sum(it)\n"
        first.load(code)
        second.load(code)
        gen = first.call("g", ()).value
        uses = first.uses
        result = second.call("total", (gen,))
        assert not result.ok and "another completion" in result.error
        assert first.uses == uses and list(gen) == [0, 1, 2]


def test_an_exhausted_generator_in_a_tests_map_fails_rather_than_ending_it(reward: CodeTests) -> None:
    # Plain Python passes this with an empty generator: the lambda's StopIteration ends the map, and all() of nothing
    # is true. The test's next() raises StopIteration only where the test's code there catches it.
    code = "def evens(n):\n    return\n    yield\n"
    test = "def check(candidate):\n    g = candidate(6)\n    assert all(map(lambda i: next(g) == i, [0, 2, 4]))\n"
    verdict = reward.judge([code], test=[test], entry_point=["evens"])[0]
    assert verdict is not None and verdict.score == 0.0 and "exhausted" in verdict.detail, verdict
