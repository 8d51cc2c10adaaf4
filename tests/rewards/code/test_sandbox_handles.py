"""Opaque handles: objects the completion's code makes (instances, generators, methods) stay in its job and reach
test code as `RemoteObject`s. Correct solutions that pass such objects around now score 1; the object still never
decides a comparison, a truth value or its own text here, every use is bounded, and a handle works only in the job
that made it. Real sandbox, real processes; through the public reward except where a test says why not."""

from __future__ import annotations

import collections
import json
import textwrap
import time

import pytest
from forged_channel import with_send_frame

from rewards.code import CandidateError, CodeTests
from rewards.sandbox.handles import RemoteObject
from rewards.sandbox.inside.codec import sent_builtins
from rewards.sandbox.local import Sandbox, SandboxConfig
from rewards.sandbox.wire import Meter, decode, encode, objects_after

CONFIG = SandboxConfig(slots=2, call_timeout=1.0, completion_timeout=4.0, max_handles=50, max_items=1000)


@pytest.fixture(scope="module")
def reward():
    return CodeTests(sandbox=CONFIG)


def score(reward: CodeTests, code: str, tests: list[str]) -> float:
    (verdict,) = reward.verdicts([textwrap.dedent(code)], test_list=[tests])
    return verdict.score


# MBPP task 601: the tests build Pair objects with the completion's own class and pass them back.
PAIR_TESTS = ["assert max_chain_length([Pair(5, 24), Pair(15, 25),Pair(27, 40), Pair(50, 60)], 4) == 3",
              "assert max_chain_length([Pair(1, 2), Pair(3, 4),Pair(5, 6), Pair(7, 8)], 4) == 4",
              "assert max_chain_length([Pair(19, 10), Pair(11, 12),Pair(13, 14), Pair(15, 16), Pair(31, 54)], 5) == 5"]
PAIR = """
    class Pair(object):
        def __init__(self, a, b):
            self.a, self.b = a, b
    def max_chain_length(arr, n):
        best = [1] * n
        for i in range(n):
            for j in range(i):
                if arr[j].b < arr[i].a:
                    best[i] = max(best[i], best[j] + 1)
        return max(best)
    """


def test_mbpp_pair_objects_cross_back_into_the_completion(reward):
    assert score(reward, PAIR, PAIR_TESTS) == 1.0
    assert score(reward, PAIR.replace("best[j] + 1", "best[j]"), PAIR_TESTS) < 1.0


LINKED = """
    class Node:
        def __init__(self, val, next=None):
            self.val, self.next = val, next
    def build(values):
        head = None
        for v in reversed(values):
            head = Node(v, head)
        return head
    def reverse(head):
        prev = None
        while head is not None:
            head.next, prev, head = prev, head, head.next
        return prev
    def length(head):
        return 0 if head is None else 1 + length(head.next)
    """
LINKED_TESTS = ["head = reverse(build([1, 2, 3]))\nassert [head.val, head.next.val, head.next.next.val] == [3, 2, 1]",
                "assert reverse(build([7])).next is None",
                "n = Node(1)\nn.next = Node(2)\nassert length(n) == 2 and n.next.val == 2"]


def test_linked_lists_read_attributes_and_set_them(reward):
    assert score(reward, LINKED, LINKED_TESTS) == 1.0
    assert score(reward, LINKED.replace("return prev", "return prev.next"), LINKED_TESTS) == pytest.approx(1 / 3)


TREE = """
    class TreeNode:
        def __init__(self, val):
            self.val, self.left, self.right = val, None, None
    def insert(root, val):
        if root is None:
            return TreeNode(val)
        if val < root.val:
            root.left = insert(root.left, val)
        else:
            root.right = insert(root.right, val)
        return root
    def inorder(root):
        return [] if root is None else inorder(root.left) + [root.val] + inorder(root.right)
    """
TREE_TESTS = ["t = None\nfor v in [5, 3, 8, 1]:\n    t = insert(t, v)\nassert inorder(t) == [1, 3, 5, 8]",
              "t = insert(insert(TreeNode(5), 3), 8)\nassert (t.left.val, t.right.val, t.left.left) == (3, 8, None)"]


def test_trees_built_by_tests_pass_back_as_handles(reward):
    assert score(reward, TREE, TREE_TESTS) == 1.0
    assert score(reward, TREE.replace("val < root.val", "val > root.val"), TREE_TESTS) == 0.0


GENERATOR = """
    def squares(n):
        for i in range(n):
            yield i * i
    """
GENERATOR_TESTS = ["assert list(squares(4)) == [0, 1, 4, 9]", "assert next(squares(3)) == 0",
                   "assert sum(x for x in squares(4)) == 14", "assert 9 in squares(5)",
                   "assert sorted(map(str, squares(3))) == ['0', '1', '4']"]


def test_generators_iterate_on_the_trusted_side(reward):
    assert score(reward, GENERATOR, GENERATOR_TESTS) == 1.0
    assert score(reward, "def squares(n):\n    return map(lambda i: i * i, range(n))\n", GENERATOR_TESTS) == 1.0
    (wrong,) = reward.verdicts([textwrap.dedent(GENERATOR.replace("i * i", "i + i"))], test_list=[GENERATOR_TESTS])
    assert wrong.score == pytest.approx(1 / 5)
    assert "len()" not in wrong.detail, wrong.detail  # list() probes len() first: that is not the failure to report



def test_next_with_a_default_gives_it_once_a_generator_is_exhausted_and_next_alone_only_where_caught(reward):
    """A test's ``next(it, default)`` gives the default, as in one process; ``next(it)`` of an exhausted object of
    the job raises StopIteration only where the test's code catches there (``try``, ``with``), and fails where it
    would reach a C loop that called the test's code (`exhausted_next_ends_map` below)."""
    code = "def pair(a, b):\n    yield a\n    yield b\n"
    tests = ["g = pair(1, 2)\nassert [next(g, None), next(g, 0), next(g, None), next(g, 'e')] == [1, 2, None, 'e']",
             "g = pair(1, 2)\nassert next(g) == 1 and next(g) == 2\ntry:\n    next(g)\nexcept StopIteration:\n    pass",
             "g = pair(1, 2)\nassert list(map(lambda i: next(g), range(3))) == [1, 2]"]
    (verdict,) = reward.verdicts([code], test_list=[tests])
    assert verdict.score == 2 / 3, verdict  # the third: a lambda's StopIteration would end the map: it fails
    assert "exhausted" in verdict.detail, verdict


STACK = """
    class Stack:
        def __init__(self):
            self.items = []
        def push(self, x):
            self.items.append(x)
        def pop(self):
            return self.items.pop()
        def __len__(self):
            return len(self.items)
        def __getitem__(self, i):
            return self.items[i]
    """
STACK_TESTS = ["s = Stack()\ns.push(3)\ns.push(4)\nassert s.pop() == 4 and len(s) == 1 and s[0] == 3",
               "s = Stack()\ntry:\n    s.pop()\nexcept IndexError:\n    pass\nelse:\n    assert False",
               "assert getattr(Stack(), 'missing', 'default') == 'default' and not hasattr(Stack(), 'peek')"]


def test_methods_len_items_and_builtin_errors(reward):
    assert score(reward, STACK, STACK_TESTS) == 1.0


# A container the completion defines, filled and emptied by the test with ``obj[k] = v`` and ``del obj[k]`` (the
# fifth honest sweep): each goes to the object in its job, as a method call with the test's arguments would.
GRID = """
    class Grid:
        def __init__(self):
            self.cells = {}
        def __setitem__(self, key, value):
            if value is None:
                raise ValueError("no None cells")
            self.cells[key] = value
        def __getitem__(self, key):
            return self.cells[key]
        def __delitem__(self, key):
            del self.cells[key]
        def __len__(self):
            return len(self.cells)
    """
GRID_TESTS = ["g = Grid()\ng[1, 2] = 'x'\ng['k'] = [1, 2]\nassert g[1, 2] == 'x' and g['k'] == [1, 2] and len(g) == 2",
              "g = Grid()\ng[0] = 1\ndel g[0]\nassert len(g) == 0 and g.cells == {}",
              "g = Grid()\ntry:\n    del g['missing']\nexcept KeyError as e:\n"
              "    assert e.args == ('missing',)\nelse:\n    assert False",
              "g = Grid()\ntry:\n    g[0] = None\nexcept ValueError:\n    pass\nelse:\n    assert False\n"
              "assert len(g) == 0"]


def test_items_are_set_and_deleted_in_the_job(reward):
    assert score(reward, GRID, GRID_TESTS) == 1.0
    assert score(reward, STACK, ["s = Stack()\ns[0] = 1"]) == 0.0  # no __setitem__: TypeError, as in one process


# A test's own threads using the job at once (a thread pool mapping the candidate, a thread-safe counter driven
# from four threads): their uses go one at a time, as on one channel they must (the fifth honest sweep).
COUNTER = """
    import threading
    class Counter:
        def __init__(self):
            self.value = 0
            self._lock = threading.Lock()
        def increment(self):
            with self._lock:
                self.value += 1
            return self.value
    def square(x):
        return x * x
    """
THREAD_TESTS = ["from concurrent.futures import ThreadPoolExecutor\nwith ThreadPoolExecutor(8) as ex:\n"
                "    assert list(ex.map(square, range(200))) == [i * i for i in range(200)]",
                "import threading\nc = Counter()\n"
                "ts = [threading.Thread(target=lambda: [c.increment() for _ in range(10)]) for _ in range(4)]\n"
                "for t in ts:\n    t.start()\nfor t in ts:\n    t.join()\nassert c.value == 40"]


def test_a_tests_threads_use_the_job_one_at_a_time(reward):
    for test in THREAD_TESTS:  # each a row of its own: no function of the completion is called by both
        assert score(reward, COUNTER, [test]) == 1.0, test
    assert score(reward, COUNTER, [THREAD_TESTS[0].replace("i * i for", "i * i + 1 for")]) == 0.0


# ``issubclass`` of the completion's classes (a test of a class hierarchy): asked of the job, as ``isinstance`` is.
SHAPES = """
    class Shape:
        pass
    class Rect(Shape):
        pass
    class Square(Rect):
        pass
    def make():
        return Square
    """


def test_issubclass_of_the_completions_classes_is_asked_of_the_job(reward):
    tests = ["assert issubclass(Square, Shape) and issubclass(Square, Rect) and issubclass(Rect, Rect)",
             "assert not issubclass(Shape, Square) and not issubclass(Rect, Square)",
             "assert issubclass(make(), Shape)", "assert not issubclass(int, Shape) and not issubclass(bool, Square)"]
    assert score(reward, SHAPES, tests) == 1.0
    assert score(reward, SHAPES, ["assert issubclass(Shape, Square)"]) == 0.0
    assert score(reward, SHAPES, ["class Mine:\n    pass\nassert issubclass(Mine, Shape)"]) == 0.0


# Each must score 0 quickly: the object tries to decide the verdict, stall the test, or flood the trusted side.
ATTACKS = {
    "eq_always_true": ("class A:\n    def __eq__(self, o): return True\n    def __ne__(self, o): return False",
                       ["assert add(1, 2) == 3", "assert not (add(1, 2) != 3)", "assert 3 == add(1, 2)"]),
    "in_list": ("class A:\n    def __eq__(self, o): return True",
                ["assert add(1, 2) in [3]", "assert [add(1, 2)] == [3]"]),
    "hash_collision": ("class A:\n    def __eq__(self, o): return True\n    def __hash__(self): return hash(3)",
                       ["assert add(1, 2) in {3}", "assert {3: 'y'}[add(1, 2)] == 'y'"]),
    "ordering": ("class A:\n    def __ge__(self, o): return True\n    def __le__(self, o): return True",
                 ["assert add(1, 2) >= 3 and add(1, 2) <= 3", "assert max([add(1, 2), 3]) is not None"]),
    "repr_hangs": ("class A:\n    def __repr__(self):\n        while True: pass\n    __str__ = __repr__",
                   ["assert str(add(1, 2)) == '3'", "assert repr(add(1, 2)) == '3'", "assert f'{add(1, 2)}' == '3'"]),
    "iter_never_ends": ("class A:\n    def __iter__(self): return self\n    def __next__(self): return 1",
                        ["assert len(list(add(1, 2))) >= 0", "assert 3 in add(1, 2)"]),
    "iter_huge_items": ("class A:\n    def __iter__(self):\n        while True: yield 'x' * 500000",
                        ["assert len(list(add(1, 2))) >= 0"]),
    "len_huge": ("class A:\n    def __len__(self): return 10 ** 8\n    def __iter__(self): return iter(())",
                 ["assert list(add(1, 2)) == []", "assert len(add(1, 2)) > 3"]),
    "getattr_sleeps": ("import time\nclass A:\n    def __getattr__(self, name):\n        time.sleep(100)",
                       ["assert add(1, 2).real == 3"]),
    "getattr_huge": ("class A:\n    def __getattr__(self, name): return 'x' * (200 << 20)",
                     ["assert add(1, 2).real != ''"]),
    "method_returns_self_equal": ("class A:\n    def __eq__(self, o): return True\n    def value(self): return self",
                                  ["assert add(1, 2).value() == 3"]),
    "too_many_handles": ("class A:\n    pass", ["assert len(add(1, 2)) == 100"]),
    "setitem_spins": ("class A:\n    def __setitem__(self, k, v):\n        while True: pass",
                      ["x = add(1, 2)\ntry:\n    x[0] = 3\nexcept Exception:\n    pass"]),
    "exhausted_next_ends_map": ("def gen():\n    return\n    yield",
                                ["g = add(1, 2)\nassert all(map(lambda i: next(g) == i, range(3)))"]),
}
RETURNS = {"too_many_handles": "[A() for _ in range(100)]", "exhausted_next_ends_map": "gen()"}


@pytest.mark.parametrize("name", list(ATTACKS))
def test_a_returned_object_never_decides_the_verdict(name, reward):
    prelude, tests = ATTACKS[name]
    code = f"{prelude}\ndef add(a, b):\n    return {RETURNS.get(name, 'A()')}\n"
    start = time.monotonic()
    (verdict,) = reward.verdicts([code], test_list=[tests])
    assert verdict.score == 0.0, verdict
    assert time.monotonic() - start < CONFIG.completion_timeout + 2
    assert len(verdict.detail) < 1000 and verdict.detail.isprintable()


def test_humaneval_check_comparing_a_returned_object_fails_cleanly(reward):
    """A check(candidate) that compares an object with == fails (identity), with a wrong-answer status."""
    code = "class Five:\n    def __eq__(self, o): return True\ndef add(a, b):\n    return Five()\n"
    (verdict,) = reward.verdicts([code], test=["def check(candidate):\n    assert candidate(2, 3) == 5\n"],
                                 entry_point=["add"], code_prompt=[""])
    assert (verdict.score, verdict.status.value) == (0.0, "wrong"), verdict


STALE = "def check(candidate):\n    p = candidate(1, 2)\n    try:\n        candidate(-1, 0)\n    except Exception:\n" \
        "        pass\n    candidate(1, 2)\n    assert p.value == 3\n"


MIN_STACK = """
    class MinStack:
        def __init__(self):
            self.stack = []
        def push(self, val):
            self.stack.append((val, min(val, self.stack[-1][1]) if self.stack else val))
        def pop(self):
            self.stack.pop()
        def getMin(self):
            return self.stack[-1][1]
"""


def test_a_design_class_driven_past_max_handles_method_reads_passes(reward):
    """LeetCode's design tests read a method per op (``s.push(v)``, ``s.getMin()``): each read makes a new bound
    method in the job, filed under its object and function, so 300 reads of three methods hold four handles, not
    300 (CONFIG's table holds 50)."""
    test = """
        s = MinStack()
        for i in range(100):
            s.push(100 - i)
            assert s.getMin() == 100 - i
            if i % 2:
                s.pop()
                s.push(100 - i)
        assert s.push is not None and s.push == s.push
        """
    assert score(reward, MIN_STACK, [textwrap.dedent(test)]) == 1.0


def test_distinct_objects_still_fill_the_handle_table(reward):
    """The table's bound is unchanged for what is not one method read again: 60 stacks kept by the test (CONFIG's
    max_handles is 50) fail the test."""
    assert score(reward, MIN_STACK, ["kept = [MinStack() for _ in range(60)]\nassert len(kept) == 60"]) == 0.0


def test_a_handle_dies_with_its_job(reward):
    """After a job ends (crash or deadline) the code is loaded again and the new job numbers its objects from 1
    again: the old handle must be refused, not read the new job's object of the same number."""
    box = "class Box:\n    def __init__(self, v): self.value = v\ndef add(a, b):\n    if a < 0:\n        {}\n" \
          "    return Box(a + b)\n"
    rows = {"test": [STALE] * 2, "entry_point": ["add"] * 2, "code_prompt": [""] * 2}
    scores = reward([box.format("raise ValueError(a)"), box.format("import os; os._exit(0)")], **rows)
    assert scores == [1.0, 0.0]


def _raw_answer(value: str) -> str:
    """A completion whose add() writes ``value`` as its answer straight onto the job's channel, then exits."""
    return with_send_frame("""
        import os
        def add(a, b):
            send_frame({"ok": True, "value": VALUE})
            os._exit(0)
        """).replace("VALUE", value)


@pytest.mark.parametrize("value", ['[["H", hex(i), "A"] for i in range(1, 20000)]', '["H", "0x1", "A"]',
                                   '["H", "0x1"]', '["H", 1, "A"]', '["H", "0x" + "f" * 40, "A"]'])
def test_forged_handles_score_zero(value, reward):
    """Handles written straight onto the channel: a flood beyond max_handles, malformed ones, and a well-formed one
    whose job is gone by the time the test uses it."""
    code = _raw_answer(f'["L", {value}]' if value.startswith("[[") else value)
    start = time.monotonic()
    (verdict,) = reward.verdicts([code], test_list=[["assert add(1, 2).a == 3 or add(1, 2)[0].a == 3"]])
    assert verdict.score == 0.0, verdict
    assert time.monotonic() - start < 3.0


def test_handles_stay_in_their_session_and_job():
    """Session level, one slot, so the second completion gets the same slot and numbers its objects alike: a handle
    used in another session, after its own session ended, or after its job was reloaded is refused, and a number the
    job never issued finds nothing."""
    code = ("class P:\n    def __init__(self, a): self.a = a\n"
            "def get(p): return p.a if hasattr(p, 'a') else p[0]['k'].a\n")
    with Sandbox(SandboxConfig(slots=1)) as box:
        with box.session(jobs=2) as first:
            assert first.load(code).ok
            mine = first.call("P", (5,)).value
            assert first.call("get", (mine,)).value == first.call("get", ([{"k": mine}],)).value == 5
            forged = RemoteObject(first, first.job, 999, "P")
            assert "no such object" in first.call("get", (forged,)).error
            assert first.load(code).ok  # a new job of the same session
            assert not first.call("get", (mine,)).ok
            with pytest.raises(CandidateError, match="ended job"):
                _ = mine.a
            again = first.call("P", (6,)).value
        with box.session() as second:
            assert second.load(code).ok and second.call("P", (7,)).ok
            assert "another completion" in second.call("get", (again,)).error
        with pytest.raises(CandidateError, match="session has ended"):
            _ = again.a


def test_identity_and_copies_stay_on_the_trusted_side_truth_and_text_are_the_objects():
    with Sandbox(SandboxConfig(slots=1)) as box, box.session() as s:
        assert s.load("class Loud:\n    def __repr__(self): raise SystemExit\n    def __bool__(self): return False\n"
                      "    def __format__(self, spec): return spec * 2\n"
                      "def make(): return Loud()\ndef plain(): return object()\n").ok
        a, b = s.call("make", ()).value, s.call("make", ()).value
        same = a
        assert a == same and a != b and a != 3 and len({a, b, same}) == 2
        with pytest.raises(CandidateError, match="SystemExit"):
            repr(a)  # the job's own repr, and its exception
        assert format(a, "x") == "xx" and f"{a:ab}" == "abab" and not a  # its own format and truth, as in one process
        assert bool(s.call("plain", ()).value) and "object at" in str(s.call("plain", ()).value)
        with pytest.raises(TypeError):
            a < b  # noqa: B015
        with pytest.raises(AttributeError):
            a.__deepcopy__  # noqa: B018
        import copy
        with pytest.raises(TypeError, match="copied"):
            copy.deepcopy(a)


@pytest.mark.parametrize("wire", [["H", "0x1", "A"], ["L", [["H", "0x1", "A"]]], ["H", "0x1"], ["H", "0x1", 5],
                                  ["H", "", "A"]])
def test_decode_refuses_handles_without_a_session(wire):
    with pytest.raises(ValueError):
        decode(wire)


def test_decode_names_odd_types_plainly_and_encode_refuses_unknown_objects():
    made = []
    value = decode(["L", [["H", "0x2", "Pair"], ["H", "0x3", "x\n<y>"], ["H", "0x4", "type", None, None, "str.lower"]]],
                   0, lambda hid, kind, _hash, _fields, builtin: made.append((kind, builtin)) or hid)
    assert value == [2, 3, 4] and made == [("Pair", None), ("object", None), ("type", "str.lower")]
    with pytest.raises(TypeError):
        encode([object()])
    assert json.dumps(encode({"k": (1.5, None)}))


@pytest.mark.parametrize("wire", [["BI", "pow"], ["L", [["BI", "len"]]], ["H", "0x1", "A", None, None, "eval"],
                                  ["H", "0x1", "A", None, None, "str._x"], ["H", "0x1", "A", None, None, 5]])
def test_decode_refuses_a_builtin_the_call_did_not_send(wire):
    """No answer is ever this side's builtin (the test would call it here, unbounded): ``["BI", name]`` is read only
    for a name the call sent, and a builtin's handle names a builtin that crosses."""
    with pytest.raises(ValueError):
        decode(wire, 0, lambda hid, kind, _hash, _fields, builtin: hid,
               builtins=frozenset({"pow"} if wire[0] == "L" else ()))
    assert decode(["L", [["BI", "len"], ["BI", "str.lower"]]], builtins=frozenset({"len", "str.lower"})) == \
        [len, str.lower]


def test_sent_builtins_are_those_of_the_request_only():
    """Both sides read the builtins a call sent from its request: its arguments (nested in any container the codec
    writes), its objects' attributes and its functions' free names; a namedtuple's field names are no builtins."""
    point = collections.namedtuple("point", "BI pow")
    fields = {"args": encode([[len, {"k": collections.defaultdict(int, {1: (str.lower,)})}, point(1, 2)],
                              {"key": collections.deque([sorted])}]),
              "objects": [["Box", [["key", ["BI", "abs"]]]]], "functions": [["f", "s", [["k", ["BI", "max"]]], []]]}
    assert sent_builtins(fields) == {"len", "str.lower", "sorted", "abs", "max"}
    assert sent_builtins({"args": encode([[], {}])}) == frozenset()


@pytest.mark.parametrize("wire", [[[5, []]], [[0, [["__class__", ["I", "0x1"]]]]], [[0, [["a b", ["N"]]]]],
                                  [[0, []], [0, []]], [["0", []]], [[0, [["x", ["REF", 3]]]]], "x",
                                  [[0, [["x", ["H", "0x1", "A"]]]]]])
def test_objects_after_refuses_what_a_call_could_not_have_changed(wire):
    """The job's report of the prompt's objects a call changed: indexes of objects sent, plain attribute names,
    references to sent objects only, no handle without a session."""
    with pytest.raises(ValueError):
        objects_after(wire, [object(), object()], None, Meter())


def test_objects_after_reads_references_to_the_objects_sent():
    a, b = object(), object()
    assert objects_after([[1, [["next", ["REF", 0]], ["val", ["I", "0x2"]]]]], [a, b], None, Meter()) == \
        {1: {"next": a, "val": 2}}


DEFAULTDICT = """
    from collections import defaultdict
    def tally(words):
        d = defaultdict(FACTORY)
        for w in words:
            d[w] = d.get(w, 0) + 1
        return d
    """


def test_a_returned_defaultdict_asks_its_own_factory_in_the_job(reward):
    """A missing key's value comes from the completion's factory, called in its job under the call's deadline: a
    factory that loops fails the test at that deadline, one that answers wrong fails it, as in one process."""
    tests = ["assert tally(['a', 'b', 'a'])['a'] == 2", "assert tally([])['zzz'] == 0"]
    assert score(reward, DEFAULTDICT.replace("FACTORY", "lambda: 0"), tests) == 1.0
    assert score(reward, DEFAULTDICT.replace("FACTORY", "lambda: 1"), tests) == 0.5
    start = time.monotonic()
    looping = DEFAULTDICT.replace("FACTORY", "spin").replace("from collections", "def spin():\n        while True:\n"
                                                                            "            pass\n    from collections")
    assert score(reward, looping, tests) == 0.5
    assert time.monotonic() - start < 10


REVERSIBLE = """
    class Countdown:
        def __init__(self, n):
            self.n = n
        def __iter__(self):
            return iter(range(self.n))
        def __reversed__(self):
            return iter(range(self.n - 1, -1, -1))
    class Seq:
        def __len__(self):
            return 3
        def __getitem__(self, i):
            if not 0 <= i < 3:
                raise IndexError(i)
            return i * 10
    class Bag:
        def __iter__(self):
            return iter([1, 2])
    def make(kind):
        return {"countdown": Countdown(4), "seq": Seq(), "bag": Bag()}[kind]
    """


@pytest.mark.parametrize(("tests", "expected"), [
    (["assert list(reversed(make('countdown'))) == [3, 2, 1, 0]"], 1.0),  # its own __reversed__, in the job
    (["assert list(reversed(make('seq'))) == [20, 10, 0]"], 1.0),  # len() and indexing, as plain Python falls back to
    (["try:\n    reversed(make('bag'))\nexcept TypeError:\n    pass\nelse:\n    assert False"], 1.0),  # neither
    (["assert list(reversed(make('countdown'))) == [0, 1, 2, 3]"], 0.0),
])
def test_reversed_of_an_object_of_the_job_reads_as_in_one_process(tests, expected, reward):
    assert score(reward, REVERSIBLE, tests) == expected


AXES = """
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import re
    def plot(values):
        fig, ax = plt.subplots()
        ax.bar(range(len(values)), values)
        ax.set_title("Histogram")
        return ax
    def pattern():
        return re.compile(r"\\d+")
    class Axes:
        pass
    def plain():
        return Axes()
    """


@pytest.mark.parametrize(("tests", "expected"), [
    # BigCodeBench's check of a plotting task: this side's class of the library's, for an object that stays there
    (["import matplotlib.pyplot as plt\nax = plot([3, 1, 2])\nassert isinstance(ax, plt.Axes)",
      "assert ax.get_title() == 'Histogram' and len(ax.patches) == 3",
      "assert isinstance(ax.figure, plt.Figure) and not isinstance(ax, plt.Figure)"], 1.0),
    (["import re\np = pattern()\nassert isinstance(p, re.Pattern) and p.findall('a1b22') == ['1', '22']"], 1.0),
    # the completion's own class of the same name is no library class
    (["import matplotlib.pyplot as plt\nassert not isinstance(plain(), plt.Axes)"], 1.0),
    (["import matplotlib.pyplot as plt\nassert isinstance(plain(), plt.Axes)"], 0.0),
])
def test_a_library_object_of_the_job_is_an_instance_of_that_class_here(tests, expected, reward):
    assert score(reward, AXES, tests) == expected


@pytest.mark.parametrize("claim", ["builtins:int", "collections:OrderedDict", "os:PathLike", "matplotlib", ":Axes",
                                   "matplotlib.axes:Axes;x", 5, "re:compile"])
def test_a_handle_claiming_a_class_outside_the_libraries_is_refused(claim):
    from rewards.sandbox import wire
    with pytest.raises(ValueError, match="handle"):
        wire.decode(["H", "0x1", "Axes", None, None, None, "", claim], handle=lambda *a, **k: object())
