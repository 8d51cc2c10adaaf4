"""Reads described ahead (`inside.job._near`, `Session.use`): an answer that is a plain object of the completion's
brings the attributes of the objects it reaches, so a test that walks a returned linked list or tree reads them
without a round trip each, and still reads exactly what one process would: anything whose read could run the
completion's code (a property, ``__getattribute__``, ``__bool__``) is asked of the job, and what was described is
forgotten as soon as the job is sent anything. Real sandbox, real processes."""

from __future__ import annotations

import contextlib
import textwrap
from collections.abc import Iterator

import pytest
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig
from rewards.sandbox.session import Session

NODES = """
    class Node:
        def __init__(self, val, next=None):
            self.val, self.next = val, next

    def build(n):
        head = None
        for v in range(n, 0, -1):
            head = Node(v, head)
        return head

    def bump(node):
        node.val += 100
"""


@pytest.fixture(scope="module")
def box():
    with Sandbox(SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=20.0)) as sandbox:
        yield sandbox


@contextlib.contextmanager
def loaded(box: Sandbox, code: str, names: tuple[str, ...]) -> Iterator[Session]:
    """A session of ``box`` with ``code`` loaded."""
    with box.session() as session:
        assert session.load(textwrap.dedent(code), names).ok
        yield session


def walk(head) -> list:
    values = []
    while head:
        values.append(head.val)
        head = head.next
    return values


def test_a_long_list_is_read_in_a_few_round_trips(box):
    with loaded(box, NODES, ("build",)) as s:
        uses = s.uses
        assert walk(s.call("build", (2000,)).value) == list(range(1, 2001))
        # 2,000 nodes, three reads each (truth, val, next): 6,000 round trips without the descriptions.
        assert s.uses - uses < 60


def test_what_was_described_is_forgotten_once_the_job_runs_code(box):
    with loaded(box, NODES, ("build", "bump")) as s:
        head = s.call("build", (3,)).value
        second = head.next
        assert (head.val, second.val) == (1, 2)
        assert s.call("bump", (second,)).ok
        assert (head.val, second.val, head.next.val) == (1, 102, 102)


def test_the_test_setting_an_attribute_is_seen_by_its_next_read(box):
    with loaded(box, NODES, ("build",)) as s:
        head = s.call("build", (2,)).value
        assert head.next.val == 2
        head.next.val = 7
        assert head.next.val == 7


READS_RUN_CODE = """
    class Counted:
        reads = 0
        def __init__(self):
            self._val = 1
            self.plain = 5
        @property
        def val(self):
            Counted.reads += 1
            return self._val

    class Logged:
        def __init__(self):
            self.val = 1
            self.seen = []
        def __getattribute__(self, name):
            object.__getattribute__(self, "seen").append(name)
            return object.__getattribute__(self, name)

    class Empty:
        def __init__(self):
            self.val = 1
        def __len__(self):
            return 0

    class Shadowed(Counted):
        def __init__(self):
            super().__init__()
            self.__dict__["val"] = "instance"  # the property still wins, as in one process

    def make(kind):
        return {"counted": Counted, "logged": Logged, "empty": Empty, "shadowed": Shadowed}[kind]()

    def reads():
        return Counted.reads
"""


def test_a_property_runs_at_every_read_as_in_one_process(box):
    with loaded(box, READS_RUN_CODE, ("make", "reads")) as s:
        obj = s.call("make", ("counted",)).value
        assert [obj.val, obj.val, obj.plain, obj.val] == [1, 1, 5, 1]
        assert s.call("reads", ()).value == 3
        shadowed = s.call("make", ("shadowed",)).value
        assert shadowed.val == 1 and s.call("reads", ()).value == 4


def test_a_class_with_its_own_getattribute_or_len_is_asked(box):
    with loaded(box, READS_RUN_CODE, ("make",)) as s:
        logged = s.call("make", ("logged",)).value
        assert (logged.val, logged.val) == (1, 1)
        assert logged.seen.count("val") == 2  # each read ran its __getattribute__
        empty = s.call("make", ("empty",)).value
        assert not empty and empty.val == 1


def test_a_tree_walked_by_the_test_scores_as_in_one_process():
    code = """
        class TreeNode:
            def __init__(self, val=0, left=None, right=None):
                self.val, self.left, self.right = val, left, right

        def build(lo, hi):
            if lo > hi:
                return None
            mid = (lo + hi) // 2
            return TreeNode(mid, build(lo, mid - 1), build(mid + 1, hi))
    """
    test = textwrap.dedent("""
        def inorder(node):
            return inorder(node.left) + [node.val] + inorder(node.right) if node else []
        assert inorder(build(1, 3000)) == list(range(1, 3001))
    """)
    reward = CodeTests(slots=1)
    (right,) = reward.verdicts([textwrap.dedent(code)], test_list=[[test]])
    (wrong,) = reward.verdicts([textwrap.dedent(code).replace("mid + 1, hi", "mid + 2, hi")], test_list=[[test]])
    assert (right.score, wrong.score) == (1.0, 0.0)


def test_a_forged_description_is_only_a_claim_the_job_could_make(box):
    """A job that writes its own reply can describe anything; what it claims is what it could have answered to
    the read itself, and a malformed or oversized description is dropped, never a stall or a crash here."""
    with loaded(box, with_send_frame("""
        class Node:
            pass
        def forge(kind):
            n = Node()
            n.val = 1
            return n
        def lie(hid):
            junk = [[hid, True, [["val", ["S", "x" * 10]]]]] * 5000
            send_frame({"ok": True, "value": ["N"], "near": junk})
            import os; os._exit(0)
    """), ("forge", "lie")) as s:
        node = s.call("forge", ("a",)).value
        assert node.val == 1
        result = s.call("lie", (hex(node._id),))
        assert not s.near  # 5,000 entries: more than an answer describes, dropped whole
        assert not result.ok or result.value is None
