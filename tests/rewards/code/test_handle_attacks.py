"""Red team of the opaque handles (round 2): a completion that gets a test to pass without solving the task by
making the sandbox fail where the test expects an exception, or through a handle's text;
and trusted-side reporting that must survive odd answers. Real sandbox, real processes, through the public reward.
"""

from __future__ import annotations

import time

import pytest
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.sandbox.local import SandboxConfig

CONFIG = SandboxConfig(slots=2, call_timeout=1.0, completion_timeout=4.0, memory_bytes=512 << 20, max_handles=50,
                       max_items=1000)


@pytest.fixture(scope="module")
def reward():
    return CodeTests(sandbox=CONFIG)


EXPECTS_ERROR = "try:\n    add(1, 2)\nexcept Exception:\n    pass\nelse:\n    assert False"
EXPECTS_ERROR_VIA_HANDLE = "try:\n    add(1, 2).total\nexcept Exception:\n    pass\nelse:\n    assert False"
CHECK_EXPECTS_ERROR = "def check(candidate):\n    try:\n        candidate(1, 2)\n    except Exception:\n" \
                      "        return\n    assert False\n"

# None of these raises an exception in the completion's code: the sandbox failed, and a test that expects an
# exception must not take that for one.
SANDBOX_FAILURES = {
    "hangs": "def add(a, b):\n    while True:\n        pass\n",
    "exits": "import os\ndef add(a, b):\n    os._exit(0)\n",
    "memory": "def add(a, b):\n    return len(bytearray(1 << 34))\n",
    "does_not_load": "raise ValueError('no module')\ndef add(a, b):\n    raise ValueError(a)\n",
    "refused_answer": "def add(a, b):\n    return [(2**61 - 1) * k for k in range(1, 200)]\n",  # a hash flood
    "handle_times_out": "import time\nclass A:\n    @property\n    def total(self):\n        time.sleep(100)\n"
                        "def add(a, b):\n    return A()\n",
    "deadline_passed": "import time\nclass A:\n    def __getattr__(self, n):\n        time.sleep(0.9)\n"
                       "def add(a, b):\n    return A()\n",
}


@pytest.mark.parametrize("name", list(SANDBOX_FAILURES))
def test_a_sandbox_failure_is_not_the_exception_a_test_expects(name, reward):
    code = SANDBOX_FAILURES[name]
    tests = [EXPECTS_ERROR_VIA_HANDLE] * 6 if name == "deadline_passed" else [EXPECTS_ERROR, EXPECTS_ERROR_VIA_HANDLE]
    (verdict,) = reward.verdicts([code], test_list=[tests])
    assert verdict.score == 0.0, verdict
    (check,) = reward.verdicts([code + "# humaneval\n"], test=[CHECK_EXPECTS_ERROR], entry_point=["add"],
                               code_prompt=[""])
    assert check.score == 0.0, check


def test_an_exception_the_completion_raises_still_passes_such_tests(reward):
    code = "class A:\n    @property\n    def total(self):\n        raise KeyError(1)\ndef add(a, b):\n" \
           "    if a > 0:\n        return A()\n    raise ValueError(a)\n"
    tests = [EXPECTS_ERROR_VIA_HANDLE, EXPECTS_ERROR.replace("(1, 2)", "(-1, 2)")]
    assert reward([code], test_list=[tests]) == [1.0]
    assert reward([code.replace("return A()", "raise TypeError(a)")], test=[CHECK_EXPECTS_ERROR],
                  entry_point=["add"], code_prompt=[""]) == [1.0]


TEXT_TESTS = ["assert 'Yes' in str(add(1, 2))", "assert 'Yes' in f'{add(1, 2)}'", "assert 'Yes' in str([add(1, 2)])",
              "assert 'Yes' in repr(add(1, 2))", "assert 'Yes' in '%s' % (add(1, 2),)", "assert '1' in repr(add(1, 2))",
              "assert 'Yes' in format(add(1, 2), '')", "assert 'Yes' in str({'k': add(1, 2)})"]


def test_a_text_the_job_chose_scores_what_returning_that_text_scores(reward):
    """``'Yes' in str(answer)`` read from an object's own ``__str__`` is what one process reads: the object sees
    nothing the test expects, so it passes exactly the tests that returning ``'Yes'`` itself passes."""
    claim = "class Yes:\n    def __str__(self): return 'Yes'\n    __repr__ = __str__\n" \
            "    def __format__(self, spec): return 'Yes'\ndef add(a, b):\n    return Yes()\n"
    plain = "def add(a, b):\n    return 'Yes'\n"
    tests = TEXT_TESTS + ["assert str(add(1, 2)) == 'No'", "assert add(1, 2) == 'Yes'"]
    verdicts = [reward.verdicts([code], test_list=[[t]])[0].score for code in (claim, plain) for t in tests]
    claimed, returned = verdicts[:len(tests)], verdicts[len(tests):]
    # Equality with the test's 'Yes' is never forwarded: the one test an object cannot pass that the string does.
    assert claimed == returned[:-1] + [0.0] and returned[-1] == 1.0, (claimed, returned)


def test_a_failed_assert_quoting_a_handle_is_a_wrong_answer(reward):
    """The failure message of ``assert x == 3, x`` is built from the handle: it must stay a wrong answer."""
    code = "class A:\n    pass\ndef add(a, b):\n    return A()\n"
    for test in ["assert add(1, 2) == 3, add(1, 2)", "assert add(1, 2) == 3, f'got {add(1, 2)}'",
                 "assert add(1, 2) == 3, [add(1, 2)]", "raise KeyError(add(1, 2))"]:
        (verdict,) = reward.verdicts([code], test_list=[[test]])
        assert (verdict.score, verdict.status.value) == (0.0, "wrong"), (test, verdict)
        assert len(verdict.detail) < 1000 and verdict.detail.isprintable()


FORGED_LEN = with_send_frame("""
    class A:
        def __len__(self):
            # The answer to this len() written straight onto the job's channel: an int too long to print.
            send_frame({"ok": True, "value": ["I", hex(10 ** 5000)]})
            return 0
    def add(a, b):
        return A()
    """)


def test_a_forged_len_is_refused_not_a_value_error(reward):
    """Refusing a len() must not itself raise the ValueError a test may expect (str() of a 5000-digit int)."""
    test = "try:\n    len(add(1, 2))\nexcept ValueError:\n    pass\nelse:\n    assert False"
    (verdict,) = reward.verdicts([FORGED_LEN], test_list=[[test, "assert list(add(1, 2)) == []"]])
    assert verdict.score == 0.0, verdict


def test_an_iteration_is_checked_for_hash_floods_as_a_whole(reward):
    """Each item of a remote iteration is a separate answer, checked alone; the iteration as a whole must be refused
    as a returned list of the same values is (every multiple of 2**61 - 1 hashes to 0: ``set(gen)`` is quadratic)."""
    flood = "def add(a, b):\n    for k in range(1, 1000):\n        yield (2**61 - 1) * k\n"
    as_list = "def add(a, b):\n    return [(2**61 - 1) * k for k in range(1, 1000)]\n"
    tests = ["assert len(set(add(1, 2))) == 999"]
    for code in (flood, as_list):
        (verdict,) = reward.verdicts([code], test_list=[tests])
        assert verdict.score == 0.0 and "hash" in verdict.detail, verdict
    assert reward([flood.replace("(2**61 - 1) * k", "k")], test_list=[tests]) == [1.0]


def test_many_reads_of_one_object_cannot_fill_the_trainer():
    """len() up to max_items, then one ~300 kB answer per index: the iteration budget is bypassed, so without a
    budget for all of a completion's answers one test pulls hundreds of MB into the trainer."""
    import tracemalloc

    config = SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=30.0, max_items=1000, completion_bytes=4 << 20)
    code = "class S:\n    def __len__(self): return 1000\n    def __getitem__(self, i): return 'x' * 300_000\n" \
           "def add(a, b):\n    return S()\n"
    test = "s = add(1, 2)\nassert len([s[i] for i in range(len(s))]) == 1000"
    tracemalloc.start()
    try:
        (verdict,) = CodeTests(sandbox=config).verdicts([code], test_list=[[test]])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert verdict.score == 0.0, verdict
    assert peak < 24 << 20, peak


# An object built to be every answer at once: it equals, hashes, converts and formats as 3, and iterates/indexes as
# [3]. Through a handle none of that reaches a trusted comparison or coercion; each test must fail, quickly.
EVERYTHING = """
class Three:
    def __eq__(self, o): return True
    def __hash__(self): return hash(3)
    def __int__(self): return 3
    __index__ = __int__
    def __float__(self): return 3.0
    def __complex__(self): return 3j
    def __str__(self): return '3'
    __repr__ = __str__
    def __format__(self, spec): return '3'
    def __len__(self): return 1
    def __getitem__(self, i): return 3
    def __iter__(self): return iter([3])
    def __contains__(self, x): return True
    def __sub__(self, o): return 0
    __rsub__ = __sub__
    def __abs__(self): return 0
    def __lt__(self, o): return True
    __le__ = __gt__ = __ge__ = __lt__
    def keys(self): return ['k']
def add(a, b):
    return Three()
"""
COERCIONS = ["assert int(add(1, 2)) == 3", "assert float(add(1, 2)) == 3.0", "assert [0, 1, 2, 3][add(1, 2)] == 3",
             "assert complex(add(1, 2)) == 3j", "assert '%d' % add(1, 2) == '3'",
             "import math\nassert math.isclose(add(1, 2), 3)", "assert abs(add(1, 2) - 3) < 1e-9",
             "assert isinstance(add(1, 2), int)", "assert add(1, 2) in {3}", "assert {3: 1}.get(add(1, 2)) == 1",
             "assert dict(add(1, 2)) == {'k': 'v'}", "assert 4 in add(1, 2)", "assert sorted([add(1, 2), 3]) == [3, 3]",
             "import json\nassert json.dumps(add(1, 2)) == '3'", "import copy\nassert copy.copy(add(1, 2)) == 3",
             "assert round(add(1, 2)) == 3", "assert add(1, 2) >= 3", "assert max(add(1, 2), 3) == 3",
             "assert [3] * add(1, 2) == [3, 3, 3]", "assert not add(1, 2) != 3", "assert add(1, 2).__eq__(3)"]


@pytest.mark.parametrize("test", COERCIONS)
def test_no_coercion_or_comparison_reaches_the_object(test, reward):
    (verdict,) = reward.verdicts([EVERYTHING], test_list=[[test]])
    assert (verdict.score, verdict.status.value) == (0.0, "wrong"), verdict
    assert len(verdict.detail) < 1000 and verdict.detail.isprintable()


def test_objects_that_share_one_hash_cost_the_trusted_side_no_more_than_the_deadline():
    """A handle's hash is its job's (a set of equal frozen dataclass instances holds one), so a job can send 3,000
    objects with one hash that never equal each other: the test's ``set()`` of them compares each pair, a call into
    the job each. Every call checks the completion's deadline, so the set ends there, the test fails, and no C
    call of this side runs long (the GIL is free between calls)."""
    code = ("class C:\n    def __hash__(self):\n        return 7\n    def __eq__(self, o):\n        return False\n"
            "def add(a, b):\n    return [C() for _ in range(3000)]\n")
    config = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=3.0)
    reward = CodeTests(sandbox=config)
    start = time.monotonic()
    (verdict,) = reward.verdicts([code], test_list=[["assert len(set(add(1, 2))) == 3000"]])
    assert verdict.score == 0.0 and time.monotonic() - start < config.completion_timeout + 3.0, verdict
    assert "deadline" in verdict.detail, verdict
