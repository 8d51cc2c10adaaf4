"""Red team round 4: the transport changes (library value types rebuilt here, arguments written back, ``==`` between
remote objects forwarded, free names bound like plain Python, ``Solution().method`` entry points, CPU-time call
budgets). Each attack is written as a hostile policy would; each test asserts the safe outcome. The ten that
succeeded at first (false passes through name binding, trusted stalls through ranges, Decimal exponents and
namedtuple classes, a partial answer frame outside the CPU budget) are closed. Real sandbox, processes, no mocks.

Trusted cost is measured as CPU time of the thread that runs the tests (`run_asserts` called here, not in a pool),
so a busy host does not change it.
"""

from __future__ import annotations

import gc
import json
import sys
import textwrap
import time

import pytest
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.code.code_tests import run_asserts
from rewards.sandbox import wire
from rewards.sandbox.local import Sandbox, SandboxConfig, shared_sandbox

CONFIG = SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=15.0, memory_bytes=512 << 20)

SIMILAR = ["assert set(similar_elements((3, 4, 5, 6), (5, 7, 4, 10))) == set((4, 5))",
           "assert set(similar_elements((1, 2, 3, 4), (5, 4, 3, 7))) == set((3, 4))"]
SIMILAR_HONEST = "def similar_elements(a, b):\n    return tuple(set(a) & set(b))\n"
SIMILAR_WRONG = "def similar_elements(a, b):\n    return ()\n"


@pytest.fixture(scope="module")
def reward():
    return CodeTests(sandbox=CONFIG)


def score(reward: CodeTests, code: str, **row) -> float:
    [verdict] = reward.verdicts([code], **{k: [v] for k, v in row.items()})
    return verdict.score


def trusted_cpu(code: str, tests: list[str]) -> tuple[float, float]:
    """(score, CPU seconds of this thread) of ``tests`` on ``code``, run in this thread, with the cyclic collector
    off meanwhile (as `cpu_cost` measures): one of its full passes over the test session's heap (torch, every earlier
    test's objects) may land inside a measure and says nothing of the code measured (a full run on a loaded box read
    0.65 s against a 0.5 s bound that the test meets alone many times over)."""
    box = shared_sandbox(CONFIG)
    with box.session(jobs=len(tests)) as session:
        gc.disable()
        try:
            start = time.thread_time()
            result = run_asserts(session, code, tests)
            return result.score, time.thread_time() - start
        finally:
            gc.enable()


def forged(value_wire: object) -> str:
    """A completion whose ``add`` answers with ``value_wire`` written straight onto the job's channel."""
    return with_send_frame(f"""
        import json, os
        VALUE = json.loads({json.dumps(value_wire)!r})
        def add(a, b):
            send_frame({{"ok": True, "value": VALUE}})
            os._exit(0)
        """)


# ---------------------------------------------------------------------------------------------- honest controls


HONEST_VALUES = {
    "counter": ("from collections import Counter\ndef f(s):\n    return Counter(s)\n",
                ["from collections import Counter\nassert f('aab') == Counter({'a': 2, 'b': 1})",
                 "assert f('aab').most_common(1) == [('a', 2)]"]),
    "namedtuple": ("from collections import namedtuple\nP = namedtuple('P', 'x y')\n"
                   "def f(a):\n    return P(a, a + 1)\n",
                   ["assert f(1) == (1, 2)", "assert f(1).y == 2"]),
    "decimal_fraction": ("from decimal import Decimal\nfrom fractions import Fraction\n"
                         "def f(x):\n    return Decimal(x) / 4, Fraction(x, 4)\n",
                         ["from decimal import Decimal\nassert f(2)[0] == Decimal('0.5')", "assert f(2)[1] == 0.5"]),
    "range_deque_date": ("import collections, datetime\ndef f(n):\n"
                         "    return range(n), collections.deque(range(n), 2), datetime.date(2024, 1, n)\n",
                         ["assert list(f(3)[0]) == [0, 1, 2]", "assert list(f(3)[1]) == [1, 2]",
                          "assert f(3)[2].day == 3"]),
    "numpy": ("import numpy as np\ndef f(n):\n    return np.arange(n) * 2\n",
              ["import numpy as np\nassert np.array_equal(f(3), [0, 2, 4])", "assert f(3).sum() == 6"]),
}


@pytest.mark.parametrize("name", sorted(HONEST_VALUES))
def test_honest_library_values_still_pass(reward, name):
    code, tests = HONEST_VALUES[name]
    assert score(reward, code, test_list=tests) == 1.0


def test_honest_controls_for_the_attacked_rows(reward):
    """The rows the attacks below use: plain-Python-correct code passes them, wrong code fails them."""
    assert score(reward, SIMILAR_HONEST, test_list=SIMILAR) == 1.0
    assert score(reward, SIMILAR_WRONG, test_list=SIMILAR) == 0.0
    area = ["assert math.isclose(area(1), 3.141592653589793)", "assert math.isclose(area(2), 12.566370614359172)"]
    assert score(reward, "import math\ndef area(r):\n    return math.pi * r * r\n", test_list=area) == 1.0
    assert score(reward, "import math\ndef area(r):\n    return 3.1416 * r * r\n", test_list=area) == 0.0
    # MBPP 126 style: the function under test is named like a builtin
    sums = ["assert sum(10, 15) == 6", "assert sum(100, 150) == 93"]
    honest_sum = "def sum(a, b):\n    return __builtins__['sum'](d for d in range(1, min(a, b) + 1) " \
                 "if a % d == 0 and b % d == 0) if isinstance(__builtins__, dict) else " \
                 "__builtins__.sum(d for d in range(1, min(a, b) + 1) if a % d == 0 and b % d == 0)\n"
    assert score(reward, honest_sum, test_list=sums) == 1.0
    assert score(reward, "def sum(a, b):\n    return 0\n", test_list=sums) == 0.0


def test_in_place_mutation_reads_back_like_plain_python(reward):
    code = "def sort_in_place(xs):\n    xs.sort()\n"
    tests = ["a = [3, 1, 2]\nsort_in_place(a)\nassert a == [1, 2, 3]",
             "d = {'k': [2, 1]}\nsort_in_place(d['k'])\nassert d == {'k': [1, 2]}"]
    assert score(reward, code, test_list=tests) == 1.0


def test_solution_method_entry_point_passes(reward):
    code = "class Solution:\n    def twoSum(self, a, b):\n        return a + b\n"
    check = "def check(candidate):\n    assert candidate(1, 2) == 3\n"
    assert score(reward, code, test=check, entry_point="Solution().twoSum") == 1.0


# ---------------------------------------------------------------------- free names: shadows and module bindings


MODULE_TARGET = textwrap.dedent("""
    import types
    class _Callable(types.ModuleType):      # reported as "module:whatever", so not a "call": shadows() is True
        def __call__(self, *args):
            return ()
    similar_elements = _Callable("whatever")
    def set(*args):                          # now bound in the test: both sides of its == are ours
        return 0
    """)


def test_target_as_callable_module_cannot_shadow_builtins(reward):
    assert score(reward, MODULE_TARGET, test_list=SIMILAR) == 0.0


LAZY_VALUE_TARGET = textwrap.dedent("""
    class _Meta(type):
        def __hash__(cls):                   # encode() looks the type up in a dict when the value is fetched
            cls.__call__ = lambda self, *args: ()
            return id(cls)
    class _Lazy(metaclass=_Meta):
        pass
    similar_elements = _Lazy()               # not callable at load: reported as a "value", so shadows() is True
    def set(*args):
        return 0
    """)


def test_target_as_lazily_callable_value_cannot_shadow_builtins(reward):
    assert score(reward, LAZY_VALUE_TARGET, test_list=SIMILAR) == 0.0


def test_builtin_named_target_does_not_hand_over_other_builtins(reward):
    tests = ["assert set(sum([3, 1], [2])) == set([1, 2, 3])", "assert set(sum([], [5])) == set([5])"]
    honest = "def sum(a, b):\n    return a + b\n"
    assert score(reward, honest, test_list=tests) == 1.0
    attack = "def sum(a, b):\n    return None\ndef set(*args):\n    return 0\n"
    assert score(reward, attack, test_list=tests) == 0.0


AREA = ["assert math.isclose(area(1), 3.141592653589793)", "assert math.isclose(area(2), 12.566370614359172)"]


def test_fake_module_name_cannot_rebind_test_modules(reward):
    attack = textwrap.dedent("""
        import types
        class _Named(types.ModuleType):
            pass
        math = _Named("numpy")
        def area(r):
            return 3.1416 * r * r
        """)
    assert score(reward, attack, test_list=AREA) == 0.0


def test_module_alias_cannot_loosen_the_tests_comparison(reward):
    attack = "import numpy as math\ndef area(r):\n    return 3.1416 * r * r\n"
    assert score(reward, attack, test_list=AREA) == 0.0


def test_defined_map_never_imports_a_module_outside_the_allowlist(reward):
    """The job names the module it bound (``module:this``, whose import prints): this side must not import it."""
    assert "this" not in sys.modules
    code = "import types\nsimilar_elements = types.ModuleType('this')\nset = types.ModuleType('antigravity')\n"
    assert score(reward, code, test_list=SIMILAR) == 0.0
    forged_load = with_send_frame("""
        import os
        send_frame({"ok": True, "defined": {"similar_elements": "module:this", "set": "module:os"}})
        os._exit(0)
        """)
    assert score(reward, forged_load, test_list=SIMILAR) == 0.0
    assert "this" not in sys.modules and "antigravity" not in sys.modules


def test_builtin_named_row_without_the_target_fails(reward):
    """A row whose asserts read only builtins: defining some other builtin (not the target) must not pass it."""
    tests = ["assert sum(10, 15) == 6", "assert sum(100, 150) == 93"]
    assert score(reward, "import types\nsum = types.ModuleType('x')\n", test_list=tests) == 0.0
    assert score(reward, "def max(*a):\n    return 0\n", test_list=tests) == 0.0


# ---------------------------------------------------------------------------------- trusted-side cost of values


def test_range_answer_cannot_hash_flood_a_set():
    flood = "def similar_elements(a, b):\n    return range(0, 16_000 * (2**61 - 1), 2**61 - 1)\n"
    result, cpu = trusted_cpu(flood, SIMILAR[:1])
    assert result == 0.0
    assert cpu < 0.5, f"{cpu:.2f}s of trusted CPU for a 60-byte answer"


def test_range_answer_is_bounded_like_the_list_it_stands_for():
    big = "def similar_elements(a, b):\n    return range(100_000_000)\n"
    result, cpu = trusted_cpu(big, ["assert sum(similar_elements((1,), (1,))) == 1"])
    assert result == 0.0
    assert cpu < 0.5, f"{cpu:.2f}s of trusted CPU for a range answer"


def test_decimal_exponent_cannot_stall_round():
    code = forged(["DEC", "1E+300000"])
    result, cpu = trusted_cpu(code.replace("def add", "def half"), ["assert round(half(1, 2)) == 2"])
    assert result == 0.0
    assert cpu < 0.5, f"{cpu:.2f}s of trusted CPU for round() of one Decimal answer"


def _namedtuple_flood(n: int) -> str:
    value = ["L", [["NT", f"N{i}", ["a"], [["N"]]] for i in range(n)]]
    return forged(value)


def test_namedtuple_types_cost_like_tuples():
    result, cpu = trusted_cpu(_namedtuple_flood(30_000), ["assert add(1, 2) == 3"])
    assert result == 0.0
    assert cpu < 1.0, f"{cpu:.2f}s of trusted CPU decoding one answer of namedtuples"


# ------------------------------------------------------------------------- forged library values: strict decoder


HOSTILE_VALUES = {
    "dd_factory_eval": ["DD", "eval", []],
    "dd_factory_type": ["DD", "type", []],
    "dd_factory_object": ["DD", "object", []],
    "dd_factory_list_wire": ["DD", ["S", "list"], []],
    "np_dtype_object": ["NA", "object", ["0x1"], [["I", "0x1"]]],
    "np_dtype_O": ["NS", "O", ["I", "0x1"]],
    "np_dtype_void": ["NA", "V8", ["0x1"], [["I", "0x1"]]],
    "np_dtype_byteorder": ["NA", ">i8", ["0x1"], [["I", "0x1"]]],
    "np_dtype_str": ["NA", "str", ["0x1"], [["S", "x"]]],
    "np_kind_mismatch": ["NA", "int64", ["0x1"], [["S", "1"]]],
    "np_bool_as_int": ["NA", "int64", ["0x1"], [["B", True]]],
    "np_shape_mismatch": ["NA", "int64", ["0x3"], [["I", "0x1"]]],
    "np_negative_dims": ["NA", "int64", ["-0x1", "-0x1"], [["I", "0x1"]]],
    "np_huge_empty": ["NA", "int64", ["0x0", "0x" + "f" * 40, "0x" + "f" * 40], []],
    "np_int8_overflow": ["NS", "int8", ["I", "0x1ff"]],
    "nt_dunder_field": ["NT", "P", ["__class__"], [["N"]]],
    "nt_private_field": ["NT", "P", ["_x"], [["N"]]],
    "nt_keyword_field": ["NT", "P", ["class"], [["N"]]],
    "nt_code_in_field": ["NT", "P", ["a=__import__('os')"], [["N"]]],
    "nt_code_in_name": ["NT", "P(object): pass\n", ["a"], [["N"]]],
    "nt_duplicate_fields": ["NT", "P", ["a", "a"], [["N"], ["N"]]],
    "nt_arity": ["NT", "P", ["a", "b"], [["N"]]],
    "alias_in_an_answer": ["L", [["SH", 0, ["L", []]], ["SR", 0]]],
    "nt_methods_not_a_handle": ["NT", "P", ["a"], [["N"]], ["S", "x"]],
    "nt_methods_two_handles": ["NT", "P", ["a"], [["N"]], ["H", "0x1", "P"], ["H", "0x1", "P"]],
    "dt_kind_timezone": ["DT", "timezone", "+01:00"],
    "dt_long": ["DT", "date", "2024-01-01" + " " * 100],
    # a zone key names a zone of this side's data, nothing else (sweep 8)
    "dt_zone_path": ["DT", "datetime", "2024-01-01T00:00:00+00:00", "../../../etc/passwd"],
    "dt_zone_absolute": ["DT", "datetime", "2024-01-01T00:00:00+00:00", "/etc/localtime"],
    "dt_zone_unknown": ["DT", "datetime", "2024-01-01T00:00:00+00:00", "Nowhere/Atlantis"],
    "dt_zone_on_a_date": ["DT", "date", "2024-01-01", "UTC"],
    "dt_zone_on_naive": ["DT", "datetime", "2024-01-01T00:00:00", "UTC"],
    "dt_zone_not_text": ["DT", "datetime", "2024-01-01T00:00:00+00:00", ["S", "UTC"]],
    "dt_zone_overflow": ["DT", "datetime", "9999-12-31T23:59:59-01:00", "Asia/Tokyo"],
    "dt_four_parts": ["DT", "datetime", "2024-01-01T00:00:00+00:00", "UTC", "UTC"],
    "tz_path": ["TZ", "../etc/passwd"],
    "tz_unknown": ["TZ", "Nowhere/Atlantis"],
    "tz_long": ["TZ", "A" * 33],
    "tzo_a_day": ["TZO", ["TD", "0x1", "0x0", "0x0"], None],
    "tzo_not_a_timedelta": ["TZO", ["I", "0x5"], None],
    "tzo_long_name": ["TZO", ["TD", "0x0", "0xe10", "0x0"], "x" * 65],
    "tzo_name_not_text": ["TZO", ["TD", "0x0", "0xe10", "0x0"], ["S", "EST"]],
    # a file-like answer or argument state is an open stream at a place within it (sweep 9)
    "sio_position_past_end": ["SIO", "ab", 3],
    "sio_position_negative": ["SIO", "ab", -1],
    "sio_text_a_wire": ["SIO", ["S", "ab"], 0],
    "sio_position_text": ["SIO", "ab", "0"],
    "bio_not_hex": ["BIO", "zz", 0],
    "bio_odd_hex": ["BIO", "abc", 0],
    "bio_upper_hex_spaces": ["BIO", "AB CD", 0],
    "bio_position_past_end": ["BIO", "abcd", 3],
    "sio_three_parts": ["SIO", "ab", 0, 0],
    "deque_maxlen_huge": ["Q", [], "0x" + "f" * 30],
    "deque_maxlen_float": ["Q", [], 1.5],
    "fraction_zero": ["FR", "0x1", "0x0"],
    "fraction_huge": ["FR", "0x" + "f" * 20000, "0x3"],
    "range_zero_step": ["R", "0x0", "0x1", "0x0"],
    "timedelta_overflow": ["TD", "0x" + "f" * 30, "0x0", "0x0"],
    "decimal_python": ["DEC", "__import__('os')"],
    "decimal_lower_exp": ["DEC", "1e5"],
    "sympy_zoo": ["SY", "Float", "zoo", "0x35"],
    "sympy_rational_zero": ["SY", "Rational", "0x1", "0x0"],
    "sympy_expr": ["SY", "Symbol", "x"],
    "sympy_sympify": ["SY", "Float", "x+1", "0x35"],
    "unknown_tag_pickle": ["PK", "80049500"],
    "bytearray_odd": ["BA", "abc"],
    "mapping_unhashable": ["CT", [[["L", []], ["I", "0x1"]]]],
}
_DEEP: list = ["N"]
for _ in range(120):
    _DEEP = ["Q", [_DEEP], None]
HOSTILE_VALUES["deep_deques"] = _DEEP


@pytest.mark.parametrize("name", sorted(HOSTILE_VALUES))
def test_hostile_library_parts_are_refused_not_swallowed(reward, name):
    """A forged library value is refused as an unusable answer (a fault: a test that expects an error is not passed
    by it), never built with what the job named (a factory, a dtype, code in a field name)."""
    code = forged(HOSTILE_VALUES[name])
    expects_error = "try:\n    add(1, 2)\nexcept Exception:\n    pass\nelse:\n    assert False"
    start = time.process_time()
    [verdict] = reward.verdicts([code], test_list=[[expects_error, "assert add(1, 2) == 3"]])
    assert time.process_time() - start < 1.0
    assert verdict.score == 0.0 and "unusable answer" in verdict.detail, verdict


def test_eq_is_never_decided_by_a_truthy_non_bool():
    """A forged ``eq`` answer of 1, "True", sympy true or a numpy bool array is not True."""
    code = with_send_frame("""
        import os
        ANSWERS = iter([["I", "0x1"], ["S", "True"], ["SY", "True"], ["NA", "bool", ["0x1"], [["B", True]]],
                        ["L", [["B", True]]]])
        class P:
            def __eq__(self, other):
                send_frame({"ok": True, "value": next(ANSWERS)})
                os._exit(0)
        def make():
            return P()
        """)
    with Sandbox(CONFIG) as box:
        for _ in range(5):
            with box.session() as session:
                assert session.load(code).ok
                a, b = session.call("make", ()).value, session.call("make", ()).value
                try:
                    same = a == b
                except Exception:
                    same = False
                assert same is False


def test_eq_across_jobs_and_sessions_never_asks():
    code = "class P:\n    def __eq__(self, other):\n        return True\ndef make():\n    return P()\n"
    with Sandbox(CONFIG) as box:
        with box.session() as first:
            assert first.load(code).ok
            a = first.call("make", ()).value
            assert a == first.call("make", ()).value  # same job: the completion's __eq__, as in one process
            assert first.load(code).ok  # a new job: a's process is gone
            b = first.call("make", ()).value
            assert not (a == b) and a != b
        with box.session() as second:
            assert second.load(code).ok
            c = second.call("make", ()).value
            assert not (b == c) and not (c == b)


# ----------------------------------------------------------------------------------------------- write-back


def _after(*arg_wires: object) -> list:
    """The wire form of a call's ``after`` ([args, kwargs]) with these arguments and no keywords."""
    return ["L", [["L", list(arg_wires)], ["D", []]]]


def _forged_after(after_wire: object) -> str:
    return with_send_frame(f"""
        import os
        def touch(*args, **kwargs):
            send_frame({{"ok": True, "value": ["N"], "after": {after_wire!r}}})
            os._exit(0)
        """)


def test_write_back_never_changes_what_plain_python_cannot():
    """A forged ``after`` may only do what a call in one process could: it cannot change a tuple, str, frozenset or
    int the test passed, change the type of a container, or reach arguments of a call that the sandbox failed (a
    deadline, a death); a call that raised leaves what it changed, as in one process."""
    with Sandbox(CONFIG) as box:
        cases = [
            # a tuple of an int and a frozenset: immutable in plain Python
            ((1, frozenset({2})), _after(["T", [["I", "0x63"], ["Z", [["I", "0x63"]]]]]), (1, frozenset({2}))),
            # a list answered as a dict: not written
            ([1, 2], _after(["D", [[["I", "0x0"], ["I", "0x1"]]]]), [1, 2]),
            # a str answered as another str
            ("ab", _after(["S", "zz"]), "ab"),
            # wrong arity of args: ignored
            ([1, 2], _after(["L", []], ["L", []]), [1, 2]),
            # not an [args, kwargs] list at all
            ([1, 2], ["T", [["L", [["L", []]]], ["D", []]]], [1, 2]),
        ]
        for arg, after, expected in cases:
            with box.session() as session:
                assert session.load(_forged_after(after)).ok
                session.call("touch", (arg,))
                assert arg == expected and type(arg) is type(expected)
        # a call the sandbox failed (here a forged deadline) writes nothing back
        failing = with_send_frame(f"""
            import os
            AFTER = {_after(["L", []])!r}
            def touch(xs):
                send_frame({{"ok": False, "exc": "Timeout", "msg": "no", "timeout": True, "after": AFTER}})
                os._exit(0)
            """)
        with box.session() as session:
            assert session.load(failing).ok
            arg = [1, 2, 3]
            session.call("touch", (arg,))
            assert arg == [1, 2, 3]
        # a call that raised leaves what it changed before it raised (plain Python: `xs.clear(); raise`)
        with box.session() as session:
            assert session.load("def touch(xs):\n    xs.clear()\n    raise ValueError('no')\n").ok
            arg = [1, 2, 3]
            assert session.call("touch", (arg,)).raised
            assert arg == []


def test_write_back_of_a_refused_after_is_a_fault(reward):
    """An ``after`` that floods a hash makes the whole answer unusable: the test fails, even one expecting an error."""
    after = _after(["E", [["I", hex((2**61 - 1) * k)] for k in range(1, 200)]])
    code = _forged_after(after).replace("def touch", "def add")
    tests = ["s = set()\ntry:\n    add(s)\nexcept Exception:\n    pass\nelse:\n    assert False",
             "s = set()\nadd(s)\nassert len(s) == 199"]
    assert score(reward, code, test_list=tests) == 0.0


# ------------------------------------------------------------------------------------------- CPU-time budgets


BURN = textwrap.dedent("""
    import time
    def _burn(seconds):
        start = time.process_time()
        while time.process_time() - start < seconds:
            pass
    """)


def test_a_partial_answer_does_not_stop_the_cpu_budget():
    config = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=10.0)
    reward = CodeTests(sandbox=config)
    check = "def check(candidate):\n    assert candidate(3) == 2\n"
    honest_slow = BURN + "def work(n):\n    _burn(1.3)\n    return 2\n"
    assert score(reward, honest_slow, test=check, entry_point="work") == 0.0  # 1.3 s of CPU: over the budget
    trick = BURN + textwrap.dedent("""
        import json, os, stat, struct
        def work(n):
            body = json.dumps({"ok": True, "value": ["I", "0x2"]}).encode().ljust(100)
            socks = [fd for fd in range(3, 64) if _is_sock(fd)]
            for fd in socks:
                os.write(fd, struct.pack(">I", len(body)))   # the answer "has begun"
            _burn(1.3)                                       # the same work, now under the wall bound only
            for fd in socks:
                os.write(fd, body)
            os._exit(0)
        def _is_sock(fd):
            try:
                return stat.S_ISSOCK(os.fstat(fd).st_mode)
            except OSError:
                return False
        """)
    assert score(reward, trick, test=check, entry_point="work") == 0.0


def test_children_cannot_carry_cpu_out_of_the_budget(reward):
    """Orphaned grandchildren are reaped by the namespace's init, whose CPU the budget does not count: module jobs
    must not be able to fork them (they cannot: EPERM), so their work cannot leave the budget."""
    code = BURN + textwrap.dedent("""
        import os
        def add(a, b):
            r, w = os.pipe()
            if os.fork() == 0:
                if os.fork() == 0:
                    _burn(0.2)
                    os.write(w, b"3")
                    os._exit(0)
                os._exit(0)
            os.wait()
            return int(os.read(r, 1))
        """)
    assert score(reward, code, test_list=["assert add(1, 2) == 3"]) == 0.0


# ----------------------------------------------------------------------------------------------- entry points


def test_method_entry_point_on_plain_data_is_not_a_candidate(reward):
    """``Solution()`` answering plain data (a namedtuple with a field named like the method) gives the test that
    data, which it cannot call: no code of this side stands in for the method."""
    code = "from collections import namedtuple\nS = namedtuple('S', 'twoSum')\ndef Solution():\n    return S([3])\n"
    check = "def check(candidate):\n    assert candidate(1, 2) == 3\n"
    assert score(reward, code, test=check, entry_point="Solution().twoSum") == 0.0
    assert score(reward, "Solution = 3\n", test=check, entry_point="Solution().twoSum") == 0.0


@pytest.mark.parametrize("fields", [["a", "a"], ["class"], ["__eq__"], ["a b"], [1], "ab", ["x"] * 300],
                         ids=["duplicate", "keyword", "dunder", "space", "int", "str", "too_many"])
def test_forged_dataclass_fields_of_a_handle_are_refused(fields):
    """A handle of a dataclass instance carries its field names (this side's ``dataclasses.asdict`` reads them);
    only distinct public identifiers, at most 256, are read."""
    with pytest.raises(ValueError, match="dataclass fields"):
        wire.decode(["H", "0x1", "P", None, fields], handle=lambda *parts: parts)
    assert wire.decode(["H", "0x1", "P", None, ["a", "b"]], handle=lambda *parts: parts) == (1, "P", None, ("a", "b"),
                                                                                        None)


@pytest.mark.parametrize("forged", [
    ["SR", 0],  # named before it is defined
    ["SH", 0, ["L", [["SR", 0]]]],  # named inside itself: a cycle
    ["SH", 1, ["L", []]],  # defined out of order
    ["L", [["SH", 0, ["L", []]], ["SH", 0, ["L", []]]]],  # defined twice
    ["SH", 0, ["S", "x"]],  # an alias of a value that cannot change in place
    ["SH", "0", ["L", []]], ["SH", 0], ["SR", 0, 1], ["SR", True],
], ids=["before", "cycle", "order", "twice", "scalar", "str_index", "no_body", "extra", "bool_index"])
def test_a_forged_alias_in_a_calls_changes_is_refused(forged):
    """What a call left its arguments as may name one object in several places (`codec.Aliases`); the strict
    decoder reads only the form the codec writes, never a reference to nothing or to an object being built."""
    with pytest.raises(ValueError):
        wire.decode(["L", [forged]], aliases=True)
    a = wire.decode(["L", [["SH", 0, ["L", [1]]], ["SR", 0]]], aliases=True)
    assert a == [[1], [1]] and a[0] is a[1]


def test_an_answer_claimed_to_be_an_argument_is_one_the_call_could_return():
    """``["ARG", i]`` (the answer is the call's i-th argument itself) gives the test back only its own list, dict or
    set of that call: an index past the arguments, one naming a tuple or str, or a malformed form is refused, never
    another object of the test's."""
    with Sandbox(CONFIG) as box:
        for wire in (["ARG", 1], ["ARG", 5], ["ARG", -1], ["ARG", "0"], ["ARG", 0, 0], ["ARG", True]):
            with box.session() as session:
                assert session.load(forged(wire)).ok
                xs, label = [1], "a"
                result = session.call("add", (xs, label))
                assert not result.ok and result.value is None and "unusable answer" in result.error, (wire, result)
        with box.session() as session:  # the honest form: the test's own list, as the call left it
            assert session.load("def add(xs, x):\n    xs.append(x)\n    return xs\n").ok
            xs = [1]
            result = session.call("add", (xs, 2))
            assert result.ok and result.value is xs and xs == [1, 2]
