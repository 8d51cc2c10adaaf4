"""A hostile policy against the surfaces opened for fidelity: an object's own truth and text, the test's functions
shipped into the job, and the prompt's objects a call changed written back onto the test's own.

Each case is a completion as a policy could write it, judged through the public reward with real sandbox runs; each
asserts the safe outcome: the score plain Python gives (checked in a fresh ``python3`` where plain Python ends) or 0,
quickly, with the trusted side's objects and classes as the test left them wherever the call failed.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from leetcode_prompt import LIST_HELPERS, LIST_NODE

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up


def assert_zero_fast(reward: CodeTests, code: str, **columns: list) -> Verdict:
    """``code`` judged alone on ``columns`` scores 0.0, and its verdict (returned) comes within `FAST_S`."""
    start = time.monotonic()
    [verdict] = reward.judge([code], **columns)
    assert time.monotonic() - start < FAST_S
    assert verdict is not None and verdict.score == 0.0, verdict
    return verdict


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(slots=1)


def plain_python(code: str, tests: list[str]) -> bool:
    """Whether ``code`` then every test passes in a fresh ``python3`` (one module, as the MBPP harness runs it)."""
    program = code + "\n" + "\n".join(tests) + "\n"
    return subprocess.run([sys.executable, "-c", program], capture_output=True, timeout=60).returncode == 0


NARY = """
class Node:
    def __init__(self, val=None, children=None):
        self.val = val
        self.children = children if children is not None else []

def chain(n):
    nodes = [Node(i) for i in range(n)]
    for a, b in zip(nodes, nodes[1:]):
        a.children = [b]
    return nodes[0]

def count(node):
    return 1 + sum(count(c) for c in node.children)

def bfs(node):
    out, queue = [], [node]
    while queue:
        n = queue.pop(0)
        out.append(n.val)
        queue.extend(n.children)
    return out
"""
# Each node's children rebuilt as a container the strict decoder makes, holding the next node twice (2**39 paths from
# the head of a 40-node chain: the test's recursive count() would run for days) or the node itself (a cycle: the
# test's BFS would loop, growing its queue, forever). Trusted helpers walk these without any sandbox call.
REWIRE = """
import collections
Pair = collections.namedtuple("Pair", "a b")
class Solution:
    def f(self, root):
        nodes, n = [], root
        while n.children:
            nodes.append(n)
            n = n.children[0]
        for a in nodes:
            b = a.children[0]
            a.children = KIND
"""
HIDDEN = {
    "deque": "collections.deque([b, b])", "namedtuple": "Pair(b, b)", "tuple": "(b, b)",
    "ordered_dict": "collections.OrderedDict([(1, b), (2, b)])",
    "defaultdict": "collections.defaultdict(int, {1: b, 2: b})",
    "dict_keys": "{b: 1, a: 2}.keys()", "dict_values": "{1: b, 2: b}.values()", "dict_items": "{1: b, 2: b}.items()",
    "deep_list": "[[[[[[[[[[b]]]]]]]]], b]", "deque_cycle": "collections.deque([a])",
}


@pytest.mark.parametrize("kind", list(HIDDEN))
def test_objects_rewired_through_any_decoded_container_are_refused_and_fail(kind: str, reward: CodeTests) -> None:
    """The walkability check must see the test's objects inside every container the decoder builds, not only lists
    and plain dicts; and a refused change fails the call: the test reading its objects "left as they were" would pass
    a completion whose change plain Python shows (here: a walk that never ends, 0)."""
    check = ("def check(candidate):\n    root = chain(40)\n    candidate(root)\n"
             "    assert count(root) == 40 and bfs(root) == list(range(40))\n")
    code = REWIRE.replace("KIND", HIDDEN[kind])
    verdict = assert_zero_fast(reward, code, test=[check], entry_point=["Solution().f"], code_prompt=[NARY])
    assert "rewired" in verdict.detail


def test_a_correct_in_place_change_through_a_deque_still_comes_back(reward: CodeTests) -> None:
    """The other side: a change that keeps the tree a tree is written back whatever container holds the children."""
    code = REWIRE.replace("KIND", "collections.deque([b])")
    check = ("def check(candidate):\n    root = chain(5)\n    candidate(root)\n"
             "    assert type(root.children).__name__ == 'deque' and bfs(root) == [0, 1, 2, 3, 4]\n")
    assert plain_python(NARY + code, [check, "check(Solution().f)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["Solution().f"], code_prompt=[NARY])
    assert verdict is not None and verdict.score == 1.0, verdict


TREE = """
class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val, self.left, self.right = val, left, right

    def is_bst(self, lo=float("-inf"), hi=float("inf")):
        if not lo < self.val < hi:
            return False
        return (self.left is None or self.left.is_bst(lo, self.val)) and \\
            (self.right is None or self.right.is_bst(self.val, hi))
"""
RECOVER_CHECK = ("def check(candidate):\n    root = TreeNode(1, TreeNode(3, None, TreeNode(2)))\n    candidate(root)\n"
                 "    assert root.is_bst() and root.val == 3\n")


@pytest.mark.parametrize("value", ["lambda *a: True", "True", "staticmethod(lambda *a: True)"])
def test_a_written_back_attribute_cannot_hide_the_prompts_method(value: str, reward: CodeTests) -> None:
    """``root.is_bst = lambda: True`` in the job must not become the trusted ``root.is_bst()``: the test's checks
    are the prompt's code, never a function the job chose (the object is the test's; the method its class's)."""
    code = f"class Solution:\n    def recoverTree(self, root):\n        root.val = 3\n        root.is_bst = {value}\n"
    assert_zero_fast(reward, code, test=[RECOVER_CHECK], entry_point=["Solution().recoverTree"], code_prompt=[TREE])


def test_a_correct_recover_tree_still_passes(reward: CodeTests) -> None:
    code = ("class Solution:\n    def recoverTree(self, root):\n"
            "        root.val, root.left.val = root.left.val, root.val\n")
    assert plain_python(TREE + code, [RECOVER_CHECK, "check(Solution().recoverTree)"])
    [verdict] = reward.judge([code], test=[RECOVER_CHECK], entry_point=["Solution().recoverTree"], code_prompt=[TREE])
    assert verdict is not None and verdict.score == 1.0, verdict


# An exception of the completion's whose `_rlvr_after` the job cannot set: the job then reports what the exception
# says it changed, so the completion chooses what comes back on the raise path (here: something unusable).
FORGED_RAISE = """
class Full(ValueError):
    @property
    def _rlvr_after(self):
        return {FIELD: [["X"]]}

    @_rlvr_after.setter
    def _rlvr_after(self, value):
        pass

"""


def test_a_raising_call_whose_changes_are_unusable_fails(reward: CodeTests) -> None:
    """A call that changed its argument, then raised with an unusable report of the change: the test catching the
    exception must not read its list as never changed (plain Python shows it changed: 0)."""
    code = FORGED_RAISE.replace("FIELD", '"after"') + "def f(xs):\n    xs.append(1)\n    raise Full('no room')\n"
    tests = ["a = []\ntry:\n    f(a)\nexcept ValueError:\n    pass\nassert a == []"]
    assert not plain_python(code, tests)
    [verdict] = reward.judge([code], test_list=[tests])
    assert verdict is not None and verdict.score == 0.0, verdict


def test_a_raising_call_whose_object_changes_are_unusable_fails(reward: CodeTests) -> None:
    code = FORGED_RAISE.replace("FIELD", '"objects_after"') + (
        "class Solution:\n    def recoverTree(self, root):\n        root.val = 7\n        raise Full('no')\n")
    check = ("def check(candidate):\n    root = TreeNode(1)\n    try:\n        candidate(root)\n"
             "    except ValueError:\n        pass\n    assert root.val == 1\n")
    assert not plain_python(TREE + code, [check, "check(Solution().recoverTree)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["Solution().recoverTree"], code_prompt=[TREE])
    assert verdict is not None and verdict.score == 0.0, verdict


CIRCULAR = LIST_NODE + """
def cyclic(values, pos):
    nodes = [ListNode(v) for v in values]
    for a, b in zip(nodes, nodes[1:]):
        a.next = b
    nodes[-1].next = nodes[pos]
    return nodes[0]

def ring(head):
    out, node = [head.val], head.next
    while node is not head:
        out.append(node.val)
        node = node.next
    return out
"""


def test_marking_the_nodes_of_the_tests_own_cycle_still_passes(reward: CodeTests) -> None:
    """``hasCycle`` marking the nodes it visited changes objects the test made cyclic: not measurable, so not
    written back, and the call stands (a refused change fails the call only where it could be measured)."""
    code = ("class Solution:\n    def hasCycle(self, head):\n        while head:\n"
            "            if getattr(head, 'seen', False):\n                return True\n"
            "            head.seen = True\n            head = head.next\n        return False\n")
    check = ("def check(candidate):\n    assert candidate(cyclic([3, 2, 0, -4], 1)) is True\n"
             "    assert candidate(ListNode(1)) is False\n")
    assert plain_python(CIRCULAR + code, [check, "check(Solution().hasCycle)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["Solution().hasCycle"], code_prompt=[CIRCULAR])
    assert verdict is not None and verdict.score == 1.0, verdict


def test_a_rho_made_of_the_tests_ring_does_not_stall_its_ring_walk(reward: CodeTests) -> None:
    """The test's ring walk (``while node is not head``) would never end on 1 -> 2 -> 3 -> 2: a change to the
    test's own cycle is never written back, so the test reads its ring as it was and fails, at once."""
    code = ("class Solution:\n    def insert(self, head, x):\n        head.next.next.next = head.next\n"
            "        return head\n")
    check = ("def check(candidate):\n    head = cyclic([1, 2, 3], 0)\n    candidate(head, 4)\n"
             "    assert ring(head) == [1, 2, 3, 4]\n")
    assert_zero_fast(reward, code, test=[check], entry_point=["Solution().insert"], code_prompt=[CIRCULAR])


@pytest.fixture(scope="module")
def short() -> CodeTests:
    """A reward with short deadlines, for attacks whose safe outcome is running into one."""
    return CodeTests(slots=1, call_timeout=1.0, completion_timeout=4.0)


# Truth and text are asked of the job's object: each must come back as an exact bool or str, in bounded time and
# size, and a trusted walk through objects that always answer must end with the completion's deadline.
TRUTH_TEXT = {
    "truth_not_a_bool": ("class A:\n    def __bool__(self):\n        return 1\ndef f():\n    return A()\n",
                         ["assert f()"]),
    "truth_that_hangs": ("class A:\n    def __bool__(self):\n        while True:\n            pass\ndef f():\n"
                         "    return A()\n", ["assert f()"]),
    "text_too_large": ("class A:\n    def __str__(self):\n        return 'x' * (9 << 20)\ndef f():\n    return A()\n",
                       ["assert len(str(f())) > 0"]),
    "repr_in_a_failure_message_hangs": (
        "class A:\n    __hash__ = object.__hash__\n    def __repr__(self):\n        import time\n"
        "        time.sleep(60)\n        return 'A'\ndef f():\n    return A()\n", ["d = {}\nassert d[f()] == 1"]),
    "endless_truthy_chain": ("class N:\n    val = 1\n    def __bool__(self):\n        return True\n"
                             "    @property\n    def next(self):\n        return self\ndef f():\n    return N()\n",
                             ["def values(node):\n    out = []\n    while node:\n        out.append(node.val)\n"
                              "        node = node.next\n    return out\nassert values(f()) == [1]"]),
}


@pytest.mark.parametrize("case", list(TRUTH_TEXT))
def test_truth_and_text_of_a_remote_object_cost_bounded_time_and_score_zero(case: str, short: CodeTests) -> None:
    code, tests = TRUTH_TEXT[case]
    assert_zero_fast(short, code, test_list=[tests])


ITEM = """
class Item:
    def __init__(self, val, valid=None):
        self.val = val
        self.valid = valid or (lambda v: v % 2 == 0)
"""


def test_a_written_back_attribute_cannot_replace_a_function_the_object_holds(reward: CodeTests) -> None:
    """The test's object holds the prompt's own check (a function ``__init__`` stored): the job may not swap in one
    of its own that says yes to everything."""
    code = "def fix(item):\n    item.val = 3\n    item.valid = lambda v: True\n"
    check = "def check(candidate):\n    item = Item(5)\n    candidate(item)\n    assert item.valid(item.val)\n"
    [verdict] = reward.judge([code], test=[check], entry_point=["fix"], code_prompt=[ITEM])
    assert verdict is not None and verdict.score == 0.0, verdict


# A completion can rewrite what its job reports about the objects it was sent (its code runs in the job's process,
# whose modules it can patch): the trusted side must read any report strictly.
FORGE = """
import sys
_job = sys.modules["rewards.sandbox.inside.job"]
_job._Sent.after = lambda self, args, kwargs: {"objects_after": FORGED}
def f(head):
    return None
"""
HASHED_NODE = """
class ListNode:
    def __init__(self, val=0, next=None):
        self.val, self.next = val, next

    def __eq__(self, other):
        return type(other) is ListNode and values(self) == values(other)

    def __hash__(self):
        return 0

def list_node(vals):
    head = None
    for v in reversed(vals):
        head = ListNode(v, head)
    return head

def values(node):
    out = []
    while node is not None:
        out.append(node.val)
        node = node.next
    return out
"""
SET_OF_REFS = '[[0, [["val", ["I", "0x0"]], ["next", ["REF", 1]], ["s", ["E", [["REF", 1], ["REF", 2]] * 30000]]]]]'
FORGED = {
    "repeated_objects_hashed_by_trusted_code": SET_OF_REFS,
    "dunder_attribute": '[[0, [["__class__", ["I", "0x1"]]]]]',
    "index_out_of_range": '[[5000, [["val", ["I", "0x1"]]]]]',
    "same_index_twice": '[[0, [["val", ["I", "0x1"]]]], [0, [["val", ["I", "0x2"]]]]]',
    "function_reference": '[[0, [["val", ["FN", 0]]]]]',
}


@pytest.mark.parametrize("case", list(FORGED))
def test_a_forged_report_of_changed_objects_fails_the_call_at_once(case: str, reward: CodeTests) -> None:
    """Repeating the test's objects in a set would make decoding run the prompt's ``__eq__`` (a walk of the whole
    list) once per repeat, tens of thousands of times; the other reports are malformed. Each fails, at once."""
    check = ("def check(candidate):\n    head = list_node(list(range(2000)))\n    candidate(head)\n"
             "    assert type(head) is ListNode and values(head)[:2] == [0, 1]\n")
    code = FORGE.replace("FORGED", FORGED[case])
    assert_zero_fast(reward, code, test=[check], entry_point=["f"], code_prompt=[HASHED_NODE])


def test_an_unhashable_object_changed_in_place_still_comes_back(reward: CodeTests) -> None:
    """The other side: an object with its own ``__eq__`` (so unhashable) is never hashed while decoding: read back."""
    prompt = ("class Box:\n    def __init__(self):\n        self.items = []\n"
              "    def __eq__(self, other):\n        return type(other) is Box and self.items == other.items\n")
    code = "def fill(box):\n    box.items.append(1)\n    box.label = 'full'\n"
    check = ("def check(candidate):\n    box = Box()\n    candidate(box)\n"
             "    assert box.items == [1] and box.label == 'full' and box != Box()\n")
    assert plain_python(prompt + code, [check, "check(fill)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["fill"], code_prompt=[prompt])
    assert verdict is not None and verdict.score == 1.0, verdict


@pytest.mark.parametrize("rewire", ["head.next.next.next = head", "head.next = [head.next, head.next]",
                                    "head.next = None"])
def test_objects_reached_through_a_shipped_functions_free_names_are_checked_too(rewire: str,
                                                                                reward: CodeTests) -> None:
    """The test's function goes into the job with the values of its free names, the test's own nodes among them:
    a job reaching them through the function (not the arguments) is held to the same write-back checks, and a
    change it makes there is read back as plain Python would show it (a list cut to one node fails)."""
    code = f"def apply(f, x):\n    head = f.__globals__['head']\n    {rewire}\n    return f(x)\n"
    check = ("def check(candidate):\n    global head\n    head = list_node([1, 2, 3])\n"
             "    assert candidate(lambda v: v + head.val, 1) == 2\n    assert values(head) == [1, 2, 3]\n")
    assert_zero_fast(reward, code, test=[check], entry_point=["apply"], code_prompt=[LIST_HELPERS])


def test_a_shipped_function_may_build_the_prompts_objects(reward: CodeTests) -> None:
    """Fidelity found on the way: a test's lambda that builds the prompt's nodes reads the prompt's class, which
    stands for the job's class of that name (its program starts with the prompt) rather than failing to cross."""
    code = "def build(make, n):\n    return make(n).val\n"
    check = "def check(candidate):\n    assert candidate(lambda v: ListNode(v), 3) == 3\n"
    assert plain_python(LIST_HELPERS + code, [check, "check(build)"])
    [verdict] = reward.judge([code], test=[check], entry_point=["build"], code_prompt=[LIST_HELPERS])
    assert verdict is not None and verdict.score == 1.0, verdict
