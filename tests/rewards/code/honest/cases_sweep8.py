"""An eighth held-out sweep (2026-12-05): dataset styles the earlier sweeps underrepresent, each name led by ``s8-``
and the style it imitates.

* ``bcb-``: BigCodeBench rows, a ``task_func`` over the standard library (datetime/zoneinfo, json, csv, io, re,
  collections, itertools, functools, heapq, bisect, statistics, decimal, fractions, string, textwrap, seeded random,
  hashlib, base64, struct, enum, dataclasses, typing, operator, copy, math/cmath, gzip/zipfile, sqlite3, calendar,
  urllib.parse), numpy, pandas and matplotlib, tested by a ``class TestCases(unittest.TestCase)`` (setUp/tearDown,
  setUpClass, subTest, the ``assert*`` methods, ``mock.patch`` of print, input, ``sys.stdout`` and of library
  functions, a ``MagicMock`` argument, files in temp dirs), which ``check`` runs through unittest's runner as
  converted BigCodeBench rows do (`bcb`); and BigCodeBench's ``code_prompt`` (imports, then ``def task_func(...):``
  with no body) before a body or a full function.
* ``apps-``: APPS/TACO call-based rows (``fn_name``, ``inputs``/``outputs`` as JSON text), compared as APPS's
  testing_util compares (a tuple answer as a list, an output wrapped in a list, a list of tuples) (`call_based`).
* ``lcb-``: LiveCodeBench functional rows: ``class Solution`` after LiveCodeBench's import header, each test's
  arguments one JSON value a line (10^5 numbers on one), the answer compared with the output's JSON (`lcb`); and
  rows whose ``code_prompt`` is the starter code (a method's header, left open).
* ``cc-``: CodeContests stdin programs: 10^4 tests per input (blank lines and CRLF between them), 10^5 numbers and
  queries, ``sys.stdin.buffer`` read, readline and readlines, ``sys.setrecursionlimit`` with ``threading.stack_size``
  for a DFS 10^5 deep, ``sys.stdout.write("\\n".join(...))`` with no final newline, ``sys.stdout.buffer``, 10^5 lines
  out, floats printed to a given precision (``%.6f``, ``{:.9f}``, ``{:.12g}``, ``Decimal`` to 40 places), numpy
  parsing.

Found 2026-12-05 (main at 91d2cd0, 2 cores shared with three more sessions, load 1-5): all 208 rows pass plain
Python (`reference.run_plain`); **178/208 (85.6%) scored 1.0 at main's defaults**. Seventeen were closed the same
day (195/208 now):
* five rows whose ``code_prompt`` ends in a header left open were unscorable, None for every completion ("the row's
  prompt or test does not parse: IndentationError"): the trusted side runs the prompt alone for its helpers, and
  BigCodeBench's ``code_prompt`` and LiveCodeBench's starter code do not parse alone. `code_tests.prompt_alone` cuts
  that header off what runs here (its name is then the completion's), and a full function after such a prompt
  follows its imports alone (`humaneval_program`; it was a SyntaxError); the reference does the same.
* nine rows whose tests catch a standard library exception by its module's class (``zipfile.BadZipFile``,
  ``ET.ParseError``, ``tomllib.TOMLDecodeError``, ``sqlite3.OperationalError``/``IntegrityError``,
  ``dataclasses.FrozenInstanceError``, ``configparser.NoSectionError``, ``ipaddress.AddressValueError``,
  ``gzip.BadGzipFile``/``pickle.UnpicklingError``, ``calendar.IllegalMonthError``) got a stand-in that
  ``assertRaises`` does not match: they are raised as themselves now (`handles.STDLIB_EXCEPTIONS_LAZY`, each module
  imported here only once a job names one of its classes).
* three rows on time zones: a ``zoneinfo`` datetime answer crossed as a fixed offset (``%Z`` read "UTC+02:00" for
  "CEST", ``str(dt.tzinfo)`` lost its key), and a ``ZoneInfo`` or ``datetime.timezone`` answer stayed a handle equal
  to nothing; the codec now sends the zone's key with the datetime (made again in that zone) and carries both zone
  classes (``["TZ", key]``, ``["TZO", offset, name]``; `codec._zone_key`, `wire._date`).
Thirteen are left, in KNOWN_FAILING with the layer of each (`KNOWN_FAILING_WHY`): by design or documented, files
the test's temp dir shares with the completion (two), arguments of the test's objects (``object()``, a
``MagicMock``, a DataFrame) and subprocesses; new, the test's ``mock.patch`` of a library function the completion
calls (``random.randint``, ``os.listdir``, ``time.sleep``, ``mock_open`` for ``open``: four), a DataFrame or compiled
``re.Pattern`` answer that stays a handle (``assertIsInstance`` fails), and log records that never reach
``assertLogs``. No APPS, LiveCodeBench-functional or CodeContests row failed. Three of the four ``mock.patch`` rows
were closed after the merge: a test's mock of a module's function, patched by name, is a mock of the same
configuration in the job for each call, and the calls made of it are made again of the test's (`rewards.code.patches`);
``mock_open`` (code, not data) is left, so ten are. Two more were closed on 2026-12-05 (session 23): a pandas
DataFrame, Series or Index crosses both ways as its columns, dtypes and index (`rewards.sandbox.inside.tables`), and a
test's ``patch("builtins.open", mock_open(read_data=...))`` crosses as its data (`rewards.code.patches`), and what the
completion logs reaches the test's ``assertLogs`` (`rewards.code.streams`), and a compiled pattern answer is an
instance of ``re.Pattern`` here (its handle names its library class: `codec.class_claim`), so five are left."""

from __future__ import annotations

import json
import math
import random
from array import array
from itertools import accumulate

from . import Case, dedent, humaneval, stdio

# --- CodeContests inputs, built once (the programs are at the end): many tests per input, 10^5 numbers, deep trees
_R = random.Random(20261208)


def _ints(n: int, lo: int, hi: int) -> list[int]:
    """``n`` seeded numbers in [lo, hi] (from random bytes: fast at import)."""
    span = hi - lo + 1
    return [lo + x % span for x in array("Q", _R.randbytes(8 * n))]


def _line(xs: list[int]) -> str:
    return " ".join(map(str, xs))


# 10^4 tests of 1-20 numbers each: per test the sum and the max.
_MT_FLAT = _ints(110_000, -1000, 1000)
_MT = [_MT_FLAT[i * 11:i * 11 + 1 + i % 20] for i in range(10_000)]
_MT_IN = f"{len(_MT)}\n" + "".join(f"{len(a)}\n{_line(a)}\n" for a in _MT)
_MT_OUT = "".join(f"{sum(a)} {max(a)}\n" for a in _MT)
# The same tests with a blank line between them, as some CodeContests inputs have, and CRLF line ends.
_MT_BLANK_IN = f"{len(_MT[:2000])}\r\n" + "".join(f"\r\n{len(a)}\r\n{_line(a)}\r\n" for a in _MT[:2000])
_MT_BLANK_OUT = "".join(f"{sum(a)} {max(a)}\n" for a in _MT[:2000])

# 10^5 numbers: sorted, one a line.
_SORT = _ints(100_000, -10**9, 10**9)
_SORT_IN = f"{len(_SORT)}\n{_line(_SORT)}\n"
_SORT_OUT = "\n".join(map(str, sorted(_SORT)))

# 10^5 range-sum queries.
_PA = _ints(100_000, 0, 10**9)
_PQ = [(min(a, b), max(a, b)) for a, b in zip(_ints(100_000, 1, 100_000), _ints(100_000, 1, 100_000))]
_PP = [0, *accumulate(_PA)]
_PQ_IN = f"{len(_PA)} {len(_PQ)}\n{_line(_PA)}\n" + "".join(f"{lo} {hi}\n" for lo, hi in _PQ)
_PQ_OUT = "".join(f"{_PP[hi] - _PP[lo - 1]}\n" for lo, hi in _PQ)

# A path of 10^5 vertices given in shuffled edge order: depth of each vertex from vertex 1, by recursive DFS.
_PATH_N = 100_000
_PATH_PERM = list(range(2, _PATH_N + 1))
_R.shuffle(_PATH_PERM)
_PATH_ORDER = [1, *_PATH_PERM]
_PATH_EDGES = [(_PATH_ORDER[i], _PATH_ORDER[i + 1]) for i in range(_PATH_N - 1)]
_R.shuffle(_PATH_EDGES)
_PATH_IN = f"{_PATH_N}\n" + "".join(f"{a} {b}\n" for a, b in _PATH_EDGES)
_PATH_DEPTH = [0] * (_PATH_N + 1)
for _d, _v in enumerate(_PATH_ORDER):
    _PATH_DEPTH[_v] = _d
_PATH_OUT = f"{max(_PATH_DEPTH)} {sum(_PATH_DEPTH) % 1_000_000_007}\n"

# A random tree of 2*10^5 vertices (parent of i below i): subtree sizes, summed, and the height.
_TREE_N = 200_000
_TREE_PAR = [0, 0] + [max(1, i - 1 - x) for i, x in zip(range(2, _TREE_N + 1), _ints(_TREE_N - 1, 0, 3))]
_TREE_IN = f"{_TREE_N}\n{_line(_TREE_PAR[2:])}\n"
_TREE_SIZE = [1] * (_TREE_N + 1)
_TREE_DEPTH = [0] * (_TREE_N + 1)
for _i in range(2, _TREE_N + 1):
    _TREE_DEPTH[_i] = _TREE_DEPTH[_TREE_PAR[_i]] + 1
for _i in range(_TREE_N, 1, -1):
    _TREE_SIZE[_TREE_PAR[_i]] += _TREE_SIZE[_i]
_TREE_OUT = f"{sum(_TREE_SIZE[1:])} {max(_TREE_DEPTH)}\n"

# Union-find over 10^5 vertices and 10^5 unions: number of components after each block of 10^4 unions.
_UF_N = 100_000
_UF_E = list(zip(_ints(100_000, 1, _UF_N), _ints(100_000, 1, _UF_N)))
_UF_IN = f"{_UF_N} {len(_UF_E)}\n" + "".join(f"{a} {b}\n" for a, b in _UF_E)
_uf = list(range(_UF_N + 1))


def _uf_find(x: int) -> int:
    while _uf[x] != x:
        _uf[x] = _uf[_uf[x]]
        x = _uf[x]
    return x


_uf_comps = _UF_N
_UF_BLOCKS = []
for _k, (_a, _b) in enumerate(_UF_E, 1):
    _ra, _rb = _uf_find(_a), _uf_find(_b)
    if _ra != _rb:
        _uf[_ra] = _rb
        _uf_comps -= 1
    if _k % 10_000 == 0:
        _UF_BLOCKS.append(_uf_comps)
_UF_OUT = _line(_UF_BLOCKS) + "\n"

# Floats: 10^4 circles, each area to 6 places; the mean of 10^5 numbers to 9 places.
_CIRC = _ints(10_000, 1, 10_000)
_CIRC_IN = f"{len(_CIRC)}\n" + "\n".join(map(str, _CIRC)) + "\n"
_CIRC_OUT = "".join(f"{3.141592653589793 * r * r:.6f}\n" for r in _CIRC)
_MEAN = _ints(100_000, 1, 10**6)
_MEAN_IN = f"{len(_MEAN)}\n{_line(_MEAN)}\n"
_MEAN_OUT = f"{sum(_MEAN) / len(_MEAN):.9f}\n"

# LIS length of 10^5 numbers, by patience sorting.
_LIS = _ints(100_000, 1, 10**9)
_LIS_TAILS: list[int] = []
for _x in _LIS:
    _lo, _hi = 0, len(_LIS_TAILS)
    while _lo < _hi:
        _mid = (_lo + _hi) // 2
        if _LIS_TAILS[_mid] < _x:
            _lo = _mid + 1
        else:
            _hi = _mid
    if _lo == len(_LIS_TAILS):
        _LIS_TAILS.append(_x)
    else:
        _LIS_TAILS[_lo] = _x
_LIS_IN = f"{len(_LIS)}\n{_line(_LIS)}\n"
_LIS_OUT = f"{len(_LIS_TAILS)}\n"

# A string of 10^5 letters from "ab": the prefix function's maximum and sum (KMP).
_KMP = "".join("ab"[x] for x in _ints(100_000, 0, 1))
_KMP_PI = [0] * len(_KMP)
for _i in range(1, len(_KMP)):
    _k = _KMP_PI[_i - 1]
    while _k and _KMP[_i] != _KMP[_k]:
        _k = _KMP_PI[_k - 1]
    if _KMP[_i] == _KMP[_k]:
        _k += 1
    _KMP_PI[_i] = _k
_KMP_OUT = f"{max(_KMP_PI)} {sum(_KMP_PI)}\n"

# nCr mod p queries over factorials up to 10^5.
_MOD = 1_000_000_007
_NCR_Q = [(n, r) for n, r in zip(_ints(50_000, 0, 100_000), _ints(50_000, 0, 100_000))]
_FACT = [1] * 100_001
for _i in range(1, 100_001):
    _FACT[_i] = _FACT[_i - 1] * _i % _MOD
_NCR_IN = f"{len(_NCR_Q)}\n" + "".join(f"{n} {r}\n" for n, r in _NCR_Q)
_NCR_OUT = "".join(f"{_FACT[n] * pow(_FACT[r] * _FACT[n - r], _MOD - 2, _MOD) % _MOD if r <= n else 0}\n"
                   for n, r in _NCR_Q)

# Primes below 10^6 and 10^4 queries "is x prime".
_SIEVE = bytearray([1]) * 1_000_001
_SIEVE[0] = _SIEVE[1] = 0
for _i in range(2, 1001):
    if _SIEVE[_i]:
        _SIEVE[_i * _i::_i] = bytearray(len(range(_i * _i, 1_000_001, _i)))
_PRIME_Q = _ints(10_000, 1, 1_000_000)
_PRIME_IN = f"{len(_PRIME_Q)}\n{_line(_PRIME_Q)}\n"
_PRIME_OUT = "".join("YES\n" if _SIEVE[x] else "NO\n" for x in _PRIME_Q)

# A grid 300x300 of '.' and '#': BFS distance from top-left to bottom-right (4-neighbour), -1 if none.
_GRID_N = 300
_GRID = [["#" if x < 25 else "." for x in _ints(_GRID_N, 0, 99)] for _ in range(_GRID_N)]
_GRID[0][0] = _GRID[-1][-1] = "."
_GRID_ROWS = ["".join(r) for r in _GRID]
_gd = [[-1] * _GRID_N for _ in range(_GRID_N)]
_gd[0][0] = 0
_gq = [(0, 0)]
for _r, _c in _gq:
    for _nr, _nc in ((_r + 1, _c), (_r - 1, _c), (_r, _c + 1), (_r, _c - 1)):
        if 0 <= _nr < _GRID_N and 0 <= _nc < _GRID_N and _GRID_ROWS[_nr][_nc] == "." and _gd[_nr][_nc] < 0:
            _gd[_nr][_nc] = _gd[_r][_c] + 1
            _gq.append((_nr, _nc))
_GRID_IN = f"{_GRID_N} {_GRID_N}\n" + "\n".join(_GRID_ROWS) + "\n"
_GRID_OUT = f"{_gd[-1][-1]}\n"

# Deep recursion without a thread: a memoised recursion 20,000 deep.
_DEEP_N = 20_000
_DEEP_OUT = f"{sum(i * i for i in range(_DEEP_N + 1)) % _MOD}\n"

# Dijkstra on 2*10^4 vertices and 10^5 edges (1-indexed, weights 1-1000), distance to n or -1.
_DJ_N, _DJ_M = 20_000, 100_000
_DJ_E = list(zip(_ints(_DJ_M, 1, _DJ_N), _ints(_DJ_M, 1, _DJ_N), _ints(_DJ_M, 1, 1000)))
_DJ_IN = f"{_DJ_N} {_DJ_M}\n" + "".join(f"{a} {b} {w}\n" for a, b, w in _DJ_E)
_dj_adj: list[list[tuple[int, int]]] = [[] for _ in range(_DJ_N + 1)]
for _a, _b, _w in _DJ_E:
    _dj_adj[_a].append((_b, _w))
    _dj_adj[_b].append((_a, _w))
_dj_dist = [None] * (_DJ_N + 1)
_dj_heap = [(0, 1)]
import heapq as _heapq  # noqa: E402  (the expected output's own Dijkstra)

while _dj_heap:
    _d, _u = _heapq.heappop(_dj_heap)
    if _dj_dist[_u] is not None:
        continue
    _dj_dist[_u] = _d
    for _v, _w in _dj_adj[_u]:
        if _dj_dist[_v] is None:
            _heapq.heappush(_dj_heap, (_d + _w, _v))
_DJ_OUT = f"{-1 if _dj_dist[_DJ_N] is None else _dj_dist[_DJ_N]}\n"

# GCJ-style "Case #i: x" for 1000 tests of two numbers.
_GCJ = list(zip(_ints(1000, 1, 10**12), _ints(1000, 1, 10**12)))
_GCJ_IN = f"{len(_GCJ)}\n" + "".join(f"{a} {b}\n" for a, b in _GCJ)
_GCJ_OUT = "".join(f"Case #{i}: {max(a, b) - min(a, b)}\n" for i, (a, b) in enumerate(_GCJ, 1))

# 10^4 bracket strings: balanced or not.
_BR = ["".join("()[]{}"[x] for x in _ints(2 + i % 12, 0, 5)) for i in range(5000)]
_BR += ["([]{()})" * (1 + i % 5) for i in range(5000)]


def _balanced(s: str) -> bool:
    stack: list[str] = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif not stack or "([{"[")]}".index(ch)] != stack.pop():
            return False
    return not stack


_BR_IN = f"{len(_BR)}\n" + "\n".join(_BR) + "\n"
_BR_OUT = "".join("YES\n" if _balanced(s) else "NO\n" for s in _BR)


# --- BigCodeBench: a task_func over the standard library, tested by a ``unittest.TestCase`` class --------------------
# BigCodeBench's harness runs the row's ``test`` (``class TestCases(unittest.TestCase)``) in the completion's module;
# a function-style corpus row runs it from ``check``, as converted BigCodeBench rows do.
_RUN_SUITE = '''

def check(candidate):
    import io
    import unittest

    suite = unittest.TestLoader().loadTestsFromTestCase(TestCases)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    problems = [f"{test}: {trace[-400:]}" for test, trace in result.failures + result.errors]
    assert result.wasSuccessful() and result.testsRun > 0, problems
'''


def bcb(name: str, code: str, test: str, prompt: str = "", body: bool = False) -> Case:
    """A BigCodeBench row: ``entry_point`` ``task_func``, ``test`` a ``TestCases`` class (run by ``check``),
    ``code_prompt`` the imports and signature when the completion is the body only."""
    return humaneval(f"s8-bcb-{name}", code, dedent(test) + _RUN_SUITE, "task_func", prompt=prompt, body=body)


BIGCODEBENCH: list[Case] = [
    bcb("datetime-zoneinfo-convert", r'''
        from datetime import datetime
        from zoneinfo import ZoneInfo


        def task_func(date_str, from_tz, to_tz):
            naive = datetime.strptime(date_str, "%Y-%m-%d %H:%M:%S")
            aware = naive.replace(tzinfo=ZoneInfo(from_tz))
            return aware.astimezone(ZoneInfo(to_tz)).strftime("%Y-%m-%d %H:%M:%S")
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_utc_to_new_york(self):
                self.assertEqual(task_func("2022-03-01 12:00:00", "UTC", "America/New_York"), "2022-03-01 07:00:00")

            def test_dst(self):
                self.assertEqual(task_func("2022-07-01 12:00:00", "UTC", "America/New_York"), "2022-07-01 08:00:00")

            def test_same_zone(self):
                self.assertEqual(task_func("2021-01-01 00:00:00", "Asia/Tokyo", "Asia/Tokyo"), "2021-01-01 00:00:00")

            def test_bad_format(self):
                with self.assertRaises(ValueError):
                    task_func("01/01/2021", "UTC", "UTC")
        '''),
    bcb("datetime-aware-return", r'''
        from datetime import datetime, timedelta
        from zoneinfo import ZoneInfo


        def task_func(start, hours, tz="Europe/Berlin"):
            base = datetime.fromisoformat(start).replace(tzinfo=ZoneInfo(tz))
            return [base + timedelta(hours=h) for h in range(hours)]
        ''', r'''
        import unittest
        from datetime import datetime
        from zoneinfo import ZoneInfo


        class TestCases(unittest.TestCase):
            def test_length_and_type(self):
                out = task_func("2023-10-28T12:00", 3)
                self.assertEqual(len(out), 3)
                for d in out:
                    self.assertIsInstance(d, datetime)

            def test_values(self):
                out = task_func("2023-10-28T12:00", 2)
                self.assertEqual(out[1], datetime(2023, 10, 28, 13, 0, tzinfo=ZoneInfo("Europe/Berlin")))
                self.assertEqual(out[0].utcoffset().total_seconds(), 7200)

            def test_empty(self):
                self.assertEqual(task_func("2023-01-01T00:00", 0), [])
        '''),
    bcb("json-nested-count", r'''
        import json
        from collections import Counter


        def task_func(json_str, key):
            data = json.loads(json_str)
            counts = Counter()

            def walk(node):
                if isinstance(node, dict):
                    for k, v in node.items():
                        if k == key:
                            counts[json.dumps(v, sort_keys=True)] += 1
                        walk(v)
                elif isinstance(node, list):
                    for item in node:
                        walk(item)

            walk(data)
            return dict(counts)
        ''', r'''
        import json
        import unittest


        class TestCases(unittest.TestCase):
            def test_flat(self):
                s = json.dumps([{"a": 1}, {"a": 1}, {"a": 2}])
                self.assertDictEqual(task_func(s, "a"), {"1": 2, "2": 1})

            def test_nested(self):
                s = json.dumps({"a": {"a": [1, 2]}, "b": [{"a": "x"}]})
                result = task_func(s, "a")
                self.assertIn('"x"', result)
                self.assertEqual(sum(result.values()), 3)

            def test_invalid(self):
                with self.assertRaises(json.JSONDecodeError):
                    task_func("{not json", "a")
        '''),
    bcb("csv-stringio-summary", r'''
        import csv
        import io
        import statistics


        def task_func(csv_text, column):
            reader = csv.DictReader(io.StringIO(csv_text))
            values = [float(row[column]) for row in reader if row[column].strip()]
            if not values:
                raise ValueError("no values")
            return {"mean": statistics.mean(values), "median": statistics.median(values),
                    "stdev": statistics.stdev(values) if len(values) > 1 else 0.0}
        ''', r'''
        import unittest

        CSV = "name,score\nann,10\nbob,20\ncid,30\ndan,\n"


        class TestCases(unittest.TestCase):
            def test_summary(self):
                r = task_func(CSV, "score")
                self.assertAlmostEqual(r["mean"], 20.0)
                self.assertAlmostEqual(r["median"], 20.0)
                self.assertAlmostEqual(r["stdev"], 10.0)

            def test_keys(self):
                self.assertCountEqual(task_func(CSV, "score").keys(), ["mean", "median", "stdev"])

            def test_single(self):
                self.assertEqual(task_func("x\n5\n", "x")["stdev"], 0.0)

            def test_empty(self):
                self.assertRaises(ValueError, task_func, "x\n\n", "x")

            def test_missing_column(self):
                with self.assertRaises(KeyError):
                    task_func(CSV, "age")
        '''),
    bcb("csv-writer-returns-text", r'''
        import csv
        import io


        def task_func(rows, header):
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow(header)
            writer.writerows(rows)
            return buf.getvalue()
        ''', r'''
        import csv
        import io
        import unittest


        class TestCases(unittest.TestCase):
            def test_roundtrip(self):
                text = task_func([[1, "a,b"], [2, 'say "hi"']], ["id", "text"])
                rows = list(csv.reader(io.StringIO(text)))
                self.assertEqual(rows, [["id", "text"], ["1", "a,b"], ["2", 'say "hi"']])

            def test_quoting(self):
                self.assertIn('"a,b"', task_func([[1, "a,b"]], ["id", "t"]))

            def test_header_only(self):
                self.assertEqual(task_func([], ["x"]), "x\n")
        '''),
    bcb("regex-extract-emails", r'''
        import re
        from collections import Counter


        def task_func(text):
            emails = re.findall(r"[\w.+-]+@([\w-]+(?:\.[\w-]+)+)", text)
            return Counter(domain.lower() for domain in emails).most_common()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_domains(self):
                text = "a@x.com, B@X.com; c@y.org and junk@ nothing"
                self.assertEqual(task_func(text), [("x.com", 2), ("y.org", 1)])

            def test_none(self):
                self.assertEqual(task_func("no mail here"), [])

            def test_type(self):
                out = task_func("q@z.io")
                self.assertIsInstance(out, list)
                self.assertIsInstance(out[0], tuple)
        '''),
    bcb("regex-sub-callback", r'''
        import re


        def task_func(template, values):
            def repl(m):
                key = m.group(1)
                if key not in values:
                    raise KeyError(key)
                return str(values[key])

            return re.sub(r"\{\{\s*(\w+)\s*\}\}", repl, template)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_fill(self):
                self.assertEqual(task_func("Hi {{ name }}, you are {{age}}", {"name": "Al", "age": 3}),
                                 "Hi Al, you are 3")

            def test_missing(self):
                with self.assertRaises(KeyError) as ctx:
                    task_func("{{x}}", {})
                self.assertEqual(ctx.exception.args[0], "x")

            def test_untouched(self):
                self.assertEqual(task_func("{x} {{", {}), "{x} {{")
        '''),
    bcb("collections-defaultdict-group", r'''
        from collections import defaultdict, OrderedDict


        def task_func(pairs):
            groups = defaultdict(list)
            for key, value in pairs:
                groups[key].append(value)
            return OrderedDict(sorted((k, sorted(v)) for k, v in groups.items()))
        ''', r'''
        import unittest
        from collections import OrderedDict


        class TestCases(unittest.TestCase):
            def test_group(self):
                out = task_func([("b", 2), ("a", 3), ("b", 1)])
                self.assertIsInstance(out, OrderedDict)
                self.assertEqual(list(out.items()), [("a", [3]), ("b", [1, 2])])

            def test_empty(self):
                self.assertEqual(task_func([]), OrderedDict())
        '''),
    bcb("itertools-combinations-sum", r'''
        import itertools
        import math


        def task_func(elements, subset_size):
            if subset_size > len(elements) or subset_size <= 0:
                return 1
            sums = [sum(c) for c in itertools.combinations(elements, subset_size)]
            return math.prod(sums)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_basic(self):
                self.assertEqual(task_func((1, 2, 3), 2), 3 * 4 * 5)

            def test_large_subset(self):
                self.assertEqual(task_func((1, 2), 5), 1)

            def test_zero(self):
                self.assertEqual(task_func((1, 2), 0), 1)

            def test_each(self):
                for n in range(1, 5):
                    with self.subTest(n=n):
                        self.assertEqual(task_func(tuple(range(1, n + 1)), n), n * (n + 1) // 2)
        '''),
    bcb("itertools-groupby-runs", r'''
        from itertools import groupby


        def task_func(s):
            return "".join(f"{len(list(g))}{ch}" for ch, g in groupby(s))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_cases(self):
                cases = {"aaabcc": "3a1b2c", "": "", "z": "1z", "aaaaaaaaaaaa": "12a"}
                for given, expected in cases.items():
                    with self.subTest(given=given):
                        self.assertEqual(task_func(given), expected)
        '''),
    bcb("functools-reduce-lcm", r'''
        from functools import reduce
        from math import gcd


        def task_func(numbers):
            if not numbers:
                raise ValueError("empty")
            return reduce(lambda a, b: a * b // gcd(a, b), numbers)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_lcm(self):
                self.assertEqual(task_func([4, 6, 10]), 60)
                self.assertEqual(task_func(list(range(1, 21))), 232792560)

            def test_empty(self):
                with self.assertRaisesRegex(ValueError, "empty"):
                    task_func([])
        '''),
    bcb("functools-lru-cache-stats", r'''
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def _ways(n, k):
            if n == 0:
                return 1
            if n < 0 or k == 0:
                return 0
            return _ways(n - k, k) + _ways(n, k - 1)


        def task_func(n):
            return _ways(n, n)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_partitions(self):
                self.assertEqual([task_func(i) for i in range(8)], [1, 1, 2, 3, 5, 7, 11, 15])

            def test_big(self):
                self.assertEqual(task_func(100), 190569292)
        '''),
    bcb("heapq-merge-topk", r'''
        import heapq


        def task_func(lists, k):
            merged = heapq.merge(*[sorted(x) for x in lists])
            smallest = []
            for value in merged:
                smallest.append(value)
                if len(smallest) == k:
                    break
            largest = heapq.nlargest(k, (v for lst in lists for v in lst))
            return smallest, largest
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_basic(self):
                small, large = task_func([[5, 1], [4, 2, 9], []], 2)
                self.assertEqual(small, [1, 2])
                self.assertEqual(large, [9, 5])

            def test_tuple(self):
                result = task_func([[1]], 1)
                self.assertIsInstance(result, tuple)
                self.assertEqual(len(result), 2)
        '''),
    bcb("bisect-grades", r'''
        import bisect


        def task_func(scores, breakpoints=(60, 70, 80, 90), grades="FDCBA"):
            return [grades[bisect.bisect(breakpoints, s)] for s in scores]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_grades(self):
                self.assertEqual(task_func([33, 99, 77, 70, 89, 90, 100]), ["F", "A", "C", "C", "B", "A", "A"])

            def test_custom(self):
                self.assertEqual(task_func([1, 5], breakpoints=(3,), grades="LH"), ["L", "H"])
        '''),
    bcb("statistics-mode-quantiles", r'''
        import statistics


        def task_func(data):
            return {
                "mode": statistics.mode(data),
                "quartiles": statistics.quantiles(data, n=4),
                "pstdev": round(statistics.pstdev(data), 6),
                "harmonic": statistics.harmonic_mean(data),
            }
        ''', r'''
        import statistics
        import unittest


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.data = [1, 2, 2, 3, 4, 7, 9]

            def test_mode(self):
                self.assertEqual(task_func(self.data)["mode"], 2)

            def test_quartiles(self):
                self.assertEqual(task_func(self.data)["quartiles"], [2.0, 3.0, 7.0])

            def test_spread(self):
                r = task_func(self.data)
                self.assertAlmostEqual(r["pstdev"], statistics.pstdev(self.data), places=5)
                self.assertAlmostEqual(r["harmonic"], statistics.harmonic_mean(self.data))

            def test_empty(self):
                with self.assertRaises(statistics.StatisticsError):
                    task_func([])
        '''),
    bcb("decimal-money-rounding", r'''
        from decimal import Decimal, ROUND_HALF_UP, localcontext


        def task_func(amounts, rate):
            with localcontext() as ctx:
                ctx.prec = 28
                total = sum((Decimal(a) for a in amounts), Decimal(0))
                tax = (total * Decimal(rate)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            return total, tax, total + tax
        ''', r'''
        import unittest
        from decimal import Decimal


        class TestCases(unittest.TestCase):
            def test_values(self):
                total, tax, gross = task_func(["0.10", "0.20", "1.005"], "0.5")
                self.assertEqual(total, Decimal("1.305"))
                self.assertEqual(tax, Decimal("0.65"))
                self.assertEqual(gross, Decimal("1.955"))

            def test_types(self):
                for value in task_func(["1"], "0"):
                    self.assertIsInstance(value, Decimal)

            def test_exact_string(self):
                self.assertEqual(str(task_func(["2.50"], "0.1")[1]), "0.25")
        '''),
    bcb("fractions-egyptian", r'''
        from fractions import Fraction
        import math


        def task_func(numerator, denominator):
            f = Fraction(numerator, denominator)
            if not 0 < f < 1:
                raise ValueError("need a proper fraction")
            parts = []
            while f:
                d = math.ceil(1 / f)
                parts.append(Fraction(1, d))
                f -= Fraction(1, d)
            return parts
        ''', r'''
        import unittest
        from fractions import Fraction


        class TestCases(unittest.TestCase):
            def test_sum(self):
                parts = task_func(4, 13)
                self.assertEqual(sum(parts), Fraction(4, 13))
                self.assertTrue(all(p.numerator == 1 for p in parts))

            def test_known(self):
                self.assertEqual(task_func(2, 3), [Fraction(1, 2), Fraction(1, 6)])

            def test_bad(self):
                self.assertRaises(ValueError, task_func, 3, 2)
        '''),
    bcb("string-template-punctuation", r'''
        import string


        def task_func(text):
            table = str.maketrans("", "", string.punctuation)
            words = text.translate(table).lower().split()
            return string.capwords(" ".join(sorted(set(words))))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_basic(self):
                self.assertEqual(task_func("Hello, world! hello..."), "Hello World")

            def test_empty(self):
                self.assertEqual(task_func("?!"), "")
        '''),
    bcb("textwrap-wrap-indent", r'''
        import textwrap


        def task_func(text, width=20, prefix="> "):
            wrapped = textwrap.fill(textwrap.dedent(text).strip(), width=width)
            return textwrap.indent(wrapped, prefix)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_wrap(self):
                out = task_func("    the quick brown fox jumps over the lazy dog", width=15)
                lines = out.splitlines()
                self.assertTrue(all(line.startswith("> ") for line in lines))
                self.assertTrue(all(len(line) <= 17 for line in lines))
                self.assertEqual(" ".join(l[2:] for l in lines), "the quick brown fox jumps over the lazy dog")

            def test_short(self):
                self.assertEqual(task_func("hi"), "> hi")
        '''),
    bcb("random-seeded-sample", r'''
        import random


        def task_func(n, seed=42):
            rng = random.Random(seed)
            values = [rng.randint(1, 100) for _ in range(n)]
            return values, rng.choice(values) if values else None
        ''', r'''
        import random
        import unittest


        class TestCases(unittest.TestCase):
            def test_reproducible(self):
                self.assertEqual(task_func(10, seed=1), task_func(10, seed=1))

            def test_matches_generator(self):
                rng = random.Random(7)
                expected = [rng.randint(1, 100) for _ in range(5)]
                values, pick = task_func(5, seed=7)
                self.assertEqual(values, expected)
                self.assertIn(pick, values)

            def test_empty(self):
                self.assertEqual(task_func(0), ([], None))
        '''),
    bcb("random-global-seed", r'''
        import random


        def task_func(items, seed=None):
            if seed is not None:
                random.seed(seed)
            shuffled = list(items)
            random.shuffle(shuffled)
            return shuffled
        ''', r'''
        import random
        import unittest


        class TestCases(unittest.TestCase):
            def test_permutation(self):
                out = task_func(range(20), seed=3)
                self.assertCountEqual(out, list(range(20)))

            def test_same_seed(self):
                self.assertEqual(task_func("abcdef", seed=11), task_func("abcdef", seed=11))

            def test_as_plain_python(self):
                random.seed(5)
                expected = list("abcdefgh")
                random.shuffle(expected)
                self.assertEqual(task_func("abcdefgh", seed=5), expected)
        '''),
    bcb("hashlib-file-digest-bytes", r'''
        import hashlib


        def task_func(data, algorithms=("md5", "sha256")):
            if isinstance(data, str):
                data = data.encode("utf-8")
            return {name: hashlib.new(name, data).hexdigest() for name in algorithms}
        ''', r'''
        import hashlib
        import unittest


        class TestCases(unittest.TestCase):
            def test_known(self):
                self.assertEqual(task_func("abc")["md5"], "900150983cd24fb0d6963f7d28e17f72")

            def test_bytes(self):
                out = task_func(b"\x00\xff", algorithms=("sha1",))
                self.assertEqual(out, {"sha1": hashlib.sha1(b"\x00\xff").hexdigest()})

            def test_unknown(self):
                with self.assertRaises(ValueError):
                    task_func("x", algorithms=("nope",))
        '''),
    bcb("hashlib-salted-password", r'''
        import base64
        import hashlib
        import os


        def task_func(password, salt=None, iterations=1000):
            if salt is None:
                salt = os.urandom(16)
            key = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations)
            return base64.b64encode(salt), base64.b64encode(key)
        ''', r'''
        import base64
        import hashlib
        import unittest


        class TestCases(unittest.TestCase):
            def test_given_salt(self):
                salt, key = task_func("pw", salt=b"0123456789abcdef")
                self.assertEqual(base64.b64decode(salt), b"0123456789abcdef")
                self.assertEqual(base64.b64decode(key),
                                 hashlib.pbkdf2_hmac("sha256", b"pw", b"0123456789abcdef", 1000))

            def test_random_salt(self):
                salt, key = task_func("pw")
                self.assertEqual(len(base64.b64decode(salt)), 16)
                self.assertIsInstance(key, bytes)
        '''),
    bcb("base64-roundtrip-urlsafe", r'''
        import base64
        import json


        def task_func(obj):
            raw = json.dumps(obj, separators=(",", ":"), sort_keys=True).encode()
            return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
        ''', r'''
        import base64
        import json
        import unittest


        class TestCases(unittest.TestCase):
            def decode(self, token):
                return json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))

            def test_roundtrip(self):
                obj = {"b": [1, 2, {"c": None}], "a": "??>>"}
                self.assertEqual(self.decode(task_func(obj)), obj)

            def test_no_padding(self):
                self.assertNotIn("=", task_func({"k": "v"}))
                self.assertNotIn("+", task_func({"x": "\xff\xfe" * 10}))
        '''),
    bcb("struct-pack-records", r'''
        import struct

        RECORD = struct.Struct("<IhdB")


        def task_func(records):
            blob = b"".join(RECORD.pack(*r) for r in records)
            back = [RECORD.unpack_from(blob, i * RECORD.size) for i in range(len(records))]
            return blob, back
        ''', r'''
        import struct
        import unittest


        class TestCases(unittest.TestCase):
            def test_pack(self):
                blob, back = task_func([(1, -2, 0.5, 255), (7, 3, -1.25, 0)])
                self.assertEqual(len(blob), 2 * struct.calcsize("<IhdB"))
                self.assertEqual(back, [(1, -2, 0.5, 255), (7, 3, -1.25, 0)])
                self.assertEqual(blob[:4], b"\x01\x00\x00\x00")

            def test_overflow(self):
                with self.assertRaises(struct.error):
                    task_func([(1, 70000, 0.0, 0)])
        '''),
    bcb("enum-classify", r'''
        from enum import Enum, auto


        class Size(Enum):
            SMALL = auto()
            MEDIUM = auto()
            LARGE = auto()


        def task_func(values, lo=10, hi=100):
            out = []
            for v in values:
                if v < lo:
                    out.append(Size.SMALL)
                elif v < hi:
                    out.append(Size.MEDIUM)
                else:
                    out.append(Size.LARGE)
            return out
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_names(self):
                self.assertEqual([s.name for s in task_func([1, 50, 500])], ["SMALL", "MEDIUM", "LARGE"])

            def test_members(self):
                out = task_func([5])
                self.assertIs(out[0], Size.SMALL)
                self.assertEqual(out[0].value, 1)
                self.assertIsInstance(out[0], Size)
        '''),
    bcb("dataclass-inventory", r'''
        from dataclasses import dataclass, field, asdict


        @dataclass(order=True)
        class Item:
            price: float
            name: str = field(compare=False)
            tags: list = field(default_factory=list, compare=False)


        def task_func(rows):
            items = sorted(Item(float(p), n, t.split("|") if t else []) for n, p, t in rows)
            return [asdict(i) for i in items], items[0] if items else None
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_sorted_dicts(self):
                dicts, cheapest = task_func([("b", "2.5", "x|y"), ("a", "1", "")])
                self.assertEqual(dicts, [{"price": 1.0, "name": "a", "tags": []},
                                         {"price": 2.5, "name": "b", "tags": ["x", "y"]}])
                self.assertEqual(cheapest.name, "a")
                self.assertIsInstance(cheapest, Item)

            def test_empty(self):
                self.assertEqual(task_func([]), ([], None))
        '''),
    bcb("typing-namedtuple-stats", r'''
        from typing import NamedTuple, List


        class Stats(NamedTuple):
            count: int
            total: float
            mean: float


        def task_func(values: List[float]) -> Stats:
            if not values:
                return Stats(0, 0.0, 0.0)
            total = float(sum(values))
            return Stats(len(values), total, total / len(values))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_fields(self):
                s = task_func([1, 2, 3, 4])
                self.assertEqual(s.count, 4)
                self.assertAlmostEqual(s.mean, 2.5)
                self.assertEqual(tuple(s), (4, 10.0, 2.5))

            def test_empty(self):
                self.assertEqual(task_func([]), (0, 0.0, 0.0))
        '''),
    bcb("operator-itemgetter-sort", r'''
        from operator import itemgetter, attrgetter


        def task_func(records, keys):
            return sorted(records, key=itemgetter(*keys))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_two_keys(self):
                rows = [{"a": 2, "b": 1}, {"a": 1, "b": 5}, {"a": 2, "b": 0}]
                self.assertEqual(task_func(rows, ["a", "b"]), [{"a": 1, "b": 5}, {"a": 2, "b": 0}, {"a": 2, "b": 1}])

            def test_tuple_rows(self):
                self.assertEqual(task_func([(3, "x"), (1, "y")], [0]), [(1, "y"), (3, "x")])
        '''),
    bcb("copy-deepcopy-modify", r'''
        import copy


        def task_func(config, overrides):
            result = copy.deepcopy(config)
            for dotted, value in overrides.items():
                node = result
                *parents, last = dotted.split(".")
                for p in parents:
                    node = node.setdefault(p, {})
                node[last] = value
            return result
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_original_untouched(self):
                config = {"db": {"host": "a", "port": 1}, "debug": False}
                out = task_func(config, {"db.port": 2, "log.level": "info"})
                self.assertEqual(config, {"db": {"host": "a", "port": 1}, "debug": False})
                self.assertDictEqual(out, {"db": {"host": "a", "port": 2}, "debug": False, "log": {"level": "info"}})
        '''),
    bcb("math-cmath-roots", r'''
        import cmath
        import math


        def task_func(a, b, c):
            if a == 0:
                raise ValueError("not quadratic")
            disc = b * b - 4 * a * c
            if disc >= 0:
                r = math.sqrt(disc)
                return sorted([(-b - r) / (2 * a), (-b + r) / (2 * a)])
            r = cmath.sqrt(disc)
            return [(-b - r) / (2 * a), (-b + r) / (2 * a)]
        ''', r'''
        import cmath
        import unittest


        class TestCases(unittest.TestCase):
            def test_real(self):
                self.assertEqual(task_func(1, -3, 2), [1.0, 2.0])

            def test_complex(self):
                r1, r2 = task_func(1, 0, 1)
                self.assertIsInstance(r1, complex)
                self.assertTrue(cmath.isclose(r1, -1j) and cmath.isclose(r2, 1j))

            def test_linear(self):
                self.assertRaises(ValueError, task_func, 0, 1, 1)
        '''),
    bcb("math-isclose-geometry", r'''
        import math


        def task_func(points):
            if len(points) < 3:
                raise ValueError("need a polygon")
            area = 0.0
            perimeter = 0.0
            for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
                area += x1 * y2 - x2 * y1
                perimeter += math.dist((x1, y1), (x2, y2))
            return abs(area) / 2, perimeter
        ''', r'''
        import math
        import unittest


        class TestCases(unittest.TestCase):
            def test_square(self):
                self.assertEqual(task_func([(0, 0), (2, 0), (2, 2), (0, 2)]), (4.0, 8.0))

            def test_triangle(self):
                area, perim = task_func([(0, 0), (1, 0), (0, 1)])
                self.assertAlmostEqual(area, 0.5)
                self.assertAlmostEqual(perim, 2 + math.sqrt(2), places=9)

            def test_too_few(self):
                with self.assertRaises(ValueError):
                    task_func([(0, 0)])
        '''),
    bcb("numpy-normalize-matrix", r'''
        import numpy as np


        def task_func(matrix):
            arr = np.asarray(matrix, dtype=float)
            mins = arr.min(axis=0)
            span = arr.max(axis=0) - mins
            span[span == 0] = 1
            return (arr - mins) / span
        ''', r'''
        import unittest

        import numpy as np


        class TestCases(unittest.TestCase):
            def test_range(self):
                out = task_func([[1, 10], [3, 10], [2, 30]])
                self.assertIsInstance(out, np.ndarray)
                np.testing.assert_allclose(out, [[0, 0], [1, 0], [0.5, 1]])

            def test_shape(self):
                self.assertEqual(task_func(np.ones((4, 3))).shape, (4, 3))
                self.assertTrue(np.all(task_func(np.ones((4, 3))) == 0))
        '''),
    bcb("numpy-random-default-rng", r'''
        import numpy as np


        def task_func(n, seed=0):
            rng = np.random.default_rng(seed)
            samples = rng.normal(loc=5.0, scale=2.0, size=n)
            return samples, float(samples.mean()), float(samples.std())
        ''', r'''
        import unittest

        import numpy as np


        class TestCases(unittest.TestCase):
            def test_reproducible(self):
                a, _, _ = task_func(100, seed=3)
                b, _, _ = task_func(100, seed=3)
                np.testing.assert_array_equal(a, b)

            def test_matches_numpy(self):
                expected = np.random.default_rng(9).normal(5.0, 2.0, 50)
                samples, mean, _ = task_func(50, seed=9)
                np.testing.assert_allclose(samples, expected)
                self.assertAlmostEqual(mean, expected.mean())

            def test_stats(self):
                _, mean, std = task_func(20000, seed=1)
                self.assertAlmostEqual(mean, 5.0, delta=0.1)
                self.assertAlmostEqual(std, 2.0, delta=0.1)
        '''),
    bcb("numpy-legacy-seed", r'''
        import numpy as np


        def task_func(rows, cols, seed=42):
            np.random.seed(seed)
            m = np.random.randint(0, 10, size=(rows, cols))
            return m, m.sum(axis=1).tolist()
        ''', r'''
        import unittest

        import numpy as np


        class TestCases(unittest.TestCase):
            def test_values(self):
                np.random.seed(42)
                expected = np.random.randint(0, 10, size=(3, 4))
                m, sums = task_func(3, 4)
                self.assertTrue(np.array_equal(m, expected))
                self.assertEqual(sums, expected.sum(axis=1).tolist())

            def test_dtype(self):
                m, _ = task_func(2, 2)
                self.assertTrue(np.issubdtype(m.dtype, np.integer))
        '''),
    bcb("mock-patch-print", r'''
        def task_func(items):
            for i, item in enumerate(items, 1):
                print(f"{i}. {item}")
            return len(items)
        ''', r'''
        import unittest
        from unittest.mock import call, patch


        class TestCases(unittest.TestCase):
            @patch("builtins.print")
            def test_prints(self, mock_print):
                self.assertEqual(task_func(["a", "b"]), 2)
                mock_print.assert_has_calls([call("1. a"), call("2. b")])
                self.assertEqual(mock_print.call_count, 2)
        '''),
    bcb("mock-patch-stdout-stringio", r'''
        import json


        def task_func(data):
            print(json.dumps(data, indent=2, sort_keys=True))
            return data
        ''', r'''
        import io
        import json
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_output(self):
                with patch("sys.stdout", new_callable=io.StringIO) as out:
                    task_func({"b": 1, "a": [1, 2]})
                self.assertEqual(json.loads(out.getvalue()), {"a": [1, 2], "b": 1})
                self.assertTrue(out.getvalue().startswith('{\n  "a"'))
        '''),
    bcb("mock-patch-input", r'''
        def task_func():
            n = int(input("How many? "))
            return [input() for _ in range(n)]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("builtins.input", side_effect=["2", "x", "y"])
            def test_reads(self, mock_input):
                self.assertEqual(task_func(), ["x", "y"])
                self.assertEqual(mock_input.call_count, 3)
        '''),
    bcb("tempdir-completion-writes-reads", r'''
        import json
        import os
        import tempfile


        def task_func(records):
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "data.jsonl")
                with open(path, "w") as f:
                    for r in records:
                        f.write(json.dumps(r) + "\n")
                size = os.path.getsize(path)
                with open(path) as f:
                    back = [json.loads(line) for line in f]
            return back, size
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_roundtrip(self):
                back, size = task_func([{"a": 1}, {"b": [2]}])
                self.assertEqual(back, [{"a": 1}, {"b": [2]}])
                self.assertEqual(size, len('{"a": 1}\n{"b": [2]}\n'))
        '''),
    bcb("setup-teardown-state", r'''
        from collections import deque


        def task_func(ops):
            q = deque()
            out = []
            for op in ops:
                if op[0] == "push":
                    q.append(op[1])
                elif op[0] == "pop":
                    out.append(q.popleft() if q else None)
            return out, list(q)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.ops = [("push", 1), ("push", 2), ("pop",), ("pop",), ("pop",), ("push", 3)]
                self.calls = 0

            def tearDown(self):
                self.assertGreater(self.calls, 0)

            def test_ops(self):
                self.calls += 1
                self.assertEqual(task_func(self.ops), ([1, 2, None], [3]))

            def test_none(self):
                self.calls += 1
                self.assertEqual(task_func([]), ([], []))
        '''),
    bcb("setupclass-shared-data", r'''
        from collections import Counter


        def task_func(words, n=2):
            return Counter(w.lower() for w in words).most_common(n)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            @classmethod
            def setUpClass(cls):
                cls.words = "The cat and the hat and THE bat".split()

            def test_top(self):
                self.assertEqual(task_func(self.words), [("the", 3), ("and", 2)])

            def test_one(self):
                self.assertEqual(task_func(self.words, 1), [("the", 3)])
        '''),
    bcb("assert-raises-typeerror-validate", r'''
        def task_func(values, threshold):
            if not isinstance(values, list):
                raise TypeError("values must be a list")
            if not all(isinstance(v, (int, float)) for v in values):
                raise TypeError("values must be numbers")
            return [v for v in values if v > threshold]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_filter(self):
                self.assertListEqual(task_func([1, 5, 3.5], 3), [5, 3.5])

            def test_not_list(self):
                with self.assertRaises(TypeError):
                    task_func((1, 2), 0)

            def test_not_numbers(self):
                with self.assertRaisesRegex(TypeError, "numbers"):
                    task_func([1, "2"], 0)
        '''),
    bcb("assert-tuple-set-seq", r'''
        def task_func(text):
            words = text.split()
            return tuple(sorted(set(words))), frozenset(len(w) for w in words)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_values(self):
                uniq, lengths = task_func("b a b ccc")
                self.assertTupleEqual(uniq, ("a", "b", "ccc"))
                self.assertSetEqual(lengths, {1, 3})
                self.assertSequenceEqual(uniq, ["a", "b", "ccc"])
                self.assertIsInstance(lengths, frozenset)
        '''),
    bcb("body-with-code-prompt", r'''
        counts = collections.Counter(itertools.chain.from_iterable(list_of_lists))
        return dict(sorted(counts.items()))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_chain(self):
                self.assertEqual(task_func([[1, 2], [2, 3], []]), {1: 1, 2: 2, 3: 1})

            def test_empty(self):
                self.assertEqual(task_func([]), {})
        ''', prompt='''
        import collections
        import itertools


        def task_func(list_of_lists):
        ''', body=True),
    bcb("full-function-after-import-prompt", r'''
        import re
        from collections import Counter


        def task_func(text, top=3):
            words = re.findall(r"[a-z']+", text.lower())
            return Counter(words).most_common(top)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_words(self):
                self.assertEqual(task_func("It's it, IT's a a test", 2), [("it's", 2), ("a", 2)])
        ''', prompt='''
        import re
        from collections import Counter
        '''),
    bcb("full-function-after-open-code-prompt", r'''
        import itertools
        from random import shuffle


        def task_func(numbers=list(range(1, 3))):
            diffs = []
            for perm in itertools.permutations(numbers):
                perm = list(perm)
                diffs.append(sum(abs(perm[i] - perm[i + 1]) for i in range(len(perm) - 1)))
            return sum(diffs) / len(diffs)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_default(self):
                self.assertAlmostEqual(task_func(), 1.0)

            def test_three(self):
                self.assertAlmostEqual(task_func([1, 2, 3]), 8 / 3)

            def test_type(self):
                self.assertIsInstance(task_func([5, 1]), float)
        ''', prompt='''
        import itertools
        from random import shuffle
        def task_func(numbers=list(range(1, 3))):
        '''),
    bcb("decorated-open-code-prompt-body", r'''
        return sorted(set(words), key=lambda w: (-words.count(w), w))[:n]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_top(self):
                self.assertEqual(task_func(["b", "a", "b", "c", "a", "b"], 2), ["b", "a"])
        ''', prompt='''
        import functools


        def _log(fn):
            @functools.wraps(fn)
            def inner(*args, **kwargs):
                return fn(*args, **kwargs)
            return inner


        @_log
        def task_func(words, n):
        ''', body=True),
    bcb("generator-itertools-islice", r'''
        import itertools


        def task_func(n):
            def primes():
                found = []
                for k in itertools.count(2):
                    if all(k % p for p in found if p * p <= k):
                        found.append(k)
                        yield k

            return list(itertools.islice(primes(), n))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_first(self):
                self.assertEqual(task_func(10), [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])

            def test_count(self):
                out = task_func(1000)
                self.assertEqual(len(out), 1000)
                self.assertEqual(out[-1], 7919)
        '''),
    bcb("json-default-encoder-datetime", r'''
        import json
        from datetime import date, datetime
        from decimal import Decimal


        class _Encoder(json.JSONEncoder):
            def default(self, o):
                if isinstance(o, (date, datetime)):
                    return o.isoformat()
                if isinstance(o, Decimal):
                    return str(o)
                if isinstance(o, set):
                    return sorted(o)
                return super().default(o)


        def task_func(obj):
            return json.dumps(obj, cls=_Encoder, sort_keys=True)
        ''', r'''
        import json
        import unittest
        from datetime import date, datetime
        from decimal import Decimal


        class TestCases(unittest.TestCase):
            def test_types(self):
                out = task_func({"d": date(2020, 1, 2), "t": datetime(2020, 1, 2, 3, 4), "m": Decimal("1.10"),
                                 "s": {3, 1}})
                self.assertEqual(json.loads(out), {"d": "2020-01-02", "t": "2020-01-02T03:04:00", "m": "1.10",
                                                   "s": [1, 3]})

            def test_unsupported(self):
                with self.assertRaises(TypeError):
                    task_func({"x": object()})
        '''),
    bcb("calendar-weekday-counts", r'''
        import calendar
        from collections import Counter
        from datetime import date, timedelta


        def task_func(start, end):
            d0, d1 = date.fromisoformat(start), date.fromisoformat(end)
            if d1 < d0:
                raise ValueError("end before start")
            counts = Counter(calendar.day_name[(d0 + timedelta(days=i)).weekday()]
                             for i in range((d1 - d0).days + 1))
            return dict(counts)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_week(self):
                out = task_func("2024-01-01", "2024-01-07")
                self.assertEqual(len(out), 7)
                self.assertTrue(all(v == 1 for v in out.values()))
                self.assertIn("Monday", out)

            def test_leap(self):
                self.assertEqual(sum(task_func("2024-01-01", "2024-12-31").values()), 366)

            def test_reversed(self):
                self.assertRaises(ValueError, task_func, "2024-01-02", "2024-01-01")
        '''),
    bcb("io-bytesio-gzip", r'''
        import gzip
        import io


        def task_func(text, level=6):
            buf = io.BytesIO()
            with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=level, mtime=0) as gz:
                gz.write(text.encode("utf-8"))
            data = buf.getvalue()
            return data, len(data) / max(1, len(text.encode("utf-8")))
        ''', r'''
        import gzip
        import unittest


        class TestCases(unittest.TestCase):
            def test_roundtrip(self):
                data, ratio = task_func("hello " * 1000)
                self.assertEqual(gzip.decompress(data).decode(), "hello " * 1000)
                self.assertLess(ratio, 0.1)

            def test_deterministic(self):
                self.assertEqual(task_func("abc")[0], task_func("abc")[0])
        '''),
    bcb("zipfile-in-memory", r'''
        import io
        import zipfile


        def task_func(files):
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
                for name, content in sorted(files.items()):
                    zf.writestr(name, content)
            with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
                return zf.namelist(), {n: zf.read(n).decode() for n in zf.namelist()}
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_files(self):
                names, contents = task_func({"b.txt": "B", "a/x.txt": "X" * 100})
                self.assertEqual(names, ["a/x.txt", "b.txt"])
                self.assertEqual(contents["a/x.txt"], "X" * 100)
        '''),
    bcb("sqlite-memory", r'''
        import sqlite3


        def task_func(rows):
            con = sqlite3.connect(":memory:")
            try:
                con.execute("CREATE TABLE t (name TEXT, score INTEGER)")
                con.executemany("INSERT INTO t VALUES (?, ?)", rows)
                return con.execute(
                    "SELECT name, AVG(score) FROM t GROUP BY name ORDER BY AVG(score) DESC, name").fetchall()
            finally:
                con.close()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_avg(self):
                out = task_func([("a", 1), ("b", 5), ("a", 3), ("c", 5)])
                self.assertEqual(out, [("b", 5.0), ("c", 5.0), ("a", 2.0)])

            def test_empty(self):
                self.assertEqual(task_func([]), [])
        '''),
    bcb("html-escape-table", r'''
        import html


        def task_func(rows, header):
            parts = ["<table>", "<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in header) + "</tr>"]
            for row in rows:
                parts.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
            parts.append("</table>")
            return "\n".join(parts)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_escape(self):
                out = task_func([["<b>", "a&b"]], ["x", "y"])
                self.assertIn("<td>&lt;b&gt;</td>", out)
                self.assertIn("a&amp;b", out)
                self.assertEqual(out.count("<tr>"), 2)
                self.assertTrue(out.startswith("<table>") and out.endswith("</table>"))
        '''),
    bcb("urllib-parse-query", r'''
        from urllib.parse import parse_qs, urlencode, urlparse, urlunparse


        def task_func(url, **params):
            parts = urlparse(url)
            query = parse_qs(parts.query)
            for k, v in params.items():
                query[k] = [str(v)]
            new_query = urlencode(sorted(query.items()), doseq=True)
            return urlunparse(parts._replace(query=new_query))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_add(self):
                self.assertEqual(task_func("https://x.org/p?b=2&a=1", c=3), "https://x.org/p?a=1&b=2&c=3")

            def test_replace(self):
                self.assertEqual(task_func("http://h/?a=1&a=2", a="z y"), "http://h/?a=z+y")
        '''),
    bcb("class-based-result-object", r'''
        class Report:
            def __init__(self, rows):
                self.rows = rows

            @property
            def total(self):
                return sum(r[1] for r in self.rows)

            def top(self, n=1):
                return sorted(self.rows, key=lambda r: -r[1])[:n]

            def __len__(self):
                return len(self.rows)


        def task_func(data):
            return Report([(k, v) for k, v in data.items() if v > 0])
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_report(self):
                r = task_func({"a": 3, "b": -1, "c": 7})
                self.assertIsInstance(r, Report)
                self.assertEqual(len(r), 2)
                self.assertEqual(r.total, 10)
                self.assertEqual(r.top(), [("c", 7)])
                self.assertEqual(r.rows, [("a", 3), ("c", 7)])
        '''),
    bcb("assert-almost-equal-list-subtest", r'''
        import math


        def task_func(xs):
            return [1 / (1 + math.exp(-x)) for x in xs]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_sigmoid(self):
                expected = [0.5, 0.7310585786300049, 0.2689414213699951, 0.9999546021312976]
                for got, want in zip(task_func([0, 1, -1, 10]), expected):
                    with self.subTest(want=want):
                        self.assertAlmostEqual(got, want, places=12)

            def test_greater(self):
                self.assertGreater(task_func([2])[0], 0.88)
                self.assertLessEqual(task_func([-50])[0], 1e-20)
        '''),
    # --- files the test makes in a temp dir: BigCodeBench's file tasks (KNOWN_FAILING: files are never shared)
]

# BigCodeBench's file tasks and its mocks of a library function the solution calls.
BCB_FILES_AND_MOCKS: list[Case] = [
    bcb("tempdir-test-writes-csv-files", r'''
        import csv
        import os


        def task_func(directory):
            totals = {}
            for name in sorted(os.listdir(directory)):
                if name.endswith(".csv"):
                    with open(os.path.join(directory, name), newline="") as f:
                        totals[name] = sum(int(row["n"]) for row in csv.DictReader(f))
            return totals
        ''', r'''
        import os
        import shutil
        import tempfile
        import unittest


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.dir = tempfile.mkdtemp()
                with open(os.path.join(self.dir, "a.csv"), "w") as f:
                    f.write("n\n1\n2\n")
                with open(os.path.join(self.dir, "b.txt"), "w") as f:
                    f.write("ignored")

            def tearDown(self):
                shutil.rmtree(self.dir)

            def test_totals(self):
                self.assertEqual(task_func(self.dir), {"a.csv": 3})
        '''),
    bcb("tempdir-completion-writes-test-reads", r'''
        import json
        import os


        def task_func(data, output_dir):
            os.makedirs(output_dir, exist_ok=True)
            path = os.path.join(output_dir, "out.json")
            with open(path, "w") as f:
                json.dump(data, f)
            return path
        ''', r'''
        import json
        import os
        import tempfile
        import unittest


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.tmp = tempfile.TemporaryDirectory()

            def tearDown(self):
                self.tmp.cleanup()

            def test_written(self):
                path = task_func({"a": 1}, self.tmp.name)
                self.assertTrue(os.path.exists(path))
                with open(path) as f:
                    self.assertEqual(json.load(f), {"a": 1})
        '''),
    bcb("tempdir-missing-file-raises", r'''
        import os


        def task_func(path):
            if not os.path.isfile(path):
                raise FileNotFoundError(path)
            with open(path) as f:
                return sum(1 for _ in f)
        ''', r'''
        import os
        import tempfile
        import unittest


        class TestCases(unittest.TestCase):
            def test_missing(self):
                with tempfile.TemporaryDirectory() as d:
                    with self.assertRaises(FileNotFoundError):
                        task_func(os.path.join(d, "nope.txt"))
        '''),
    bcb("mock-patch-random-randint", r'''
        import random


        def task_func(n):
            return [random.randint(1, 6) for _ in range(n)]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("random.randint", return_value=4)
            def test_patched(self, mock_randint):
                self.assertEqual(task_func(3), [4, 4, 4])
                self.assertEqual(mock_randint.call_count, 3)
        '''),
    bcb("mock-patch-os-listdir", r'''
        import os


        def task_func(directory, ext=".txt"):
            return sorted(f for f in os.listdir(directory) if f.endswith(ext))
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.listdir")
            def test_filter(self, mock_listdir):
                mock_listdir.return_value = ["b.txt", "a.txt", "c.py"]
                self.assertEqual(task_func("/any"), ["a.txt", "b.txt"])
                mock_listdir.assert_called_once_with("/any")
        '''),
    bcb("datetime-now-age", r'''
        from datetime import datetime


        def task_func(birth_year):
            return datetime.now().year - birth_year
        ''', r'''
        import unittest
        from datetime import datetime
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_age(self):
                age = task_func(2000)
                self.assertEqual(age, datetime.now().year - 2000)
        '''),
    bcb("mock-patch-time-sleep", r'''
        import time


        def task_func(attempts, delay=1.0):
            waited = 0.0
            for _ in range(attempts):
                time.sleep(delay)
                waited += delay
            return waited
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("time.sleep")
            def test_no_real_sleep(self, mock_sleep):
                self.assertEqual(task_func(3, delay=20.0), 60.0)
                self.assertEqual(mock_sleep.call_count, 3)
        '''),
]

# BigCodeBench's other common shapes: pandas and matplotlib answers, the standard library's own exception classes,
# logging, subprocess, pickle, compiled patterns.
BCB_MORE: list[Case] = [
    bcb("pandas-dataframe-groupby", r'''
        import pandas as pd


        def task_func(records):
            df = pd.DataFrame(records, columns=["team", "points"])
            return df.groupby("team", as_index=False)["points"].sum().sort_values("points", ascending=False,
                                                                                 ignore_index=True)
        ''', r'''
        import unittest

        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_frame(self):
                out = task_func([("a", 1), ("b", 5), ("a", 2)])
                self.assertIsInstance(out, pd.DataFrame)
                pd.testing.assert_frame_equal(out, pd.DataFrame({"team": ["b", "a"], "points": [5, 3]}))

            def test_shape(self):
                self.assertEqual(task_func([("x", 0)]).shape, (1, 2))
                self.assertListEqual(list(task_func([("x", 0)]).columns), ["team", "points"])
        '''),
    bcb("pandas-series-value-counts", r'''
        import pandas as pd


        def task_func(words):
            return pd.Series(words, dtype="string").str.lower().value_counts()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_counts(self):
                out = task_func(["A", "b", "a"])
                self.assertEqual(out["a"], 2)
                self.assertEqual(out.to_dict(), {"a": 2, "b": 1})
                self.assertEqual(len(out), 2)
        '''),
    bcb("pandas-tolist-answers", r'''
        import numpy as np
        import pandas as pd


        def task_func(n, seed=0):
            rng = np.random.default_rng(seed)
            df = pd.DataFrame({"x": rng.integers(0, 10, n), "y": rng.integers(0, 10, n)})
            df["s"] = df["x"] + df["y"]
            return df["s"].tolist(), df.to_dict(orient="list")
        ''', r'''
        import unittest

        import numpy as np


        class TestCases(unittest.TestCase):
            def test_sum_column(self):
                s, d = task_func(5, seed=1)
                rng = np.random.default_rng(1)
                x, y = rng.integers(0, 10, 5), rng.integers(0, 10, 5)
                self.assertEqual(s, (x + y).tolist())
                self.assertEqual(d["x"], x.tolist())
                self.assertCountEqual(d.keys(), ["x", "y", "s"])
        '''),
    bcb("pandas-csv-stringio-describe", r'''
        import io

        import pandas as pd


        def task_func(csv_text):
            df = pd.read_csv(io.StringIO(csv_text))
            if df.empty:
                raise ValueError("empty data")
            return df.select_dtypes("number").mean().round(3).to_dict()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_means(self):
                self.assertEqual(task_func("a,b,c\n1,x,2.5\n2,y,3.5\n"), {"a": 1.5, "c": 3.0})

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func("a,b\n")
        '''),
    bcb("pandas-frame-argument", r'''
        import pandas as pd


        def task_func(df, column):
            if column not in df.columns:
                raise KeyError(column)
            return df[df[column] > df[column].mean()].index.tolist()
        ''', r'''
        import unittest

        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"v": [1, 5, 2, 8], "w": [0, 0, 0, 0]})

            def test_above_mean(self):
                self.assertEqual(task_func(self.df, "v"), [1, 3])

            def test_missing(self):
                with self.assertRaises(KeyError):
                    task_func(self.df, "zz")
        '''),
    bcb("matplotlib-axes-answer", r'''
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt


        def task_func(values, title="Histogram"):
            fig, ax = plt.subplots()
            ax.bar(range(len(values)), values)
            ax.set_title(title)
            ax.set_xlabel("index")
            return ax
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_axes(self):
                ax = task_func([3, 1, 2])
                self.assertEqual(ax.get_title(), "Histogram")
                self.assertEqual(ax.get_xlabel(), "index")
                self.assertEqual(len(ax.patches), 3)
                self.assertEqual([p.get_height() for p in ax.patches], [3, 1, 2])
        '''),
    bcb("stdlib-exception-binascii", r'''
        import base64


        def task_func(text):
            return base64.b64decode(text, validate=True).decode("utf-8")
        ''', r'''
        import binascii
        import unittest


        class TestCases(unittest.TestCase):
            def test_ok(self):
                self.assertEqual(task_func("aGVsbG8="), "hello")

            def test_invalid(self):
                with self.assertRaises(binascii.Error):
                    task_func("not base64!")

            def test_not_utf8(self):
                with self.assertRaises(UnicodeDecodeError):
                    task_func("/w==")
        '''),
    bcb("stdlib-exception-zipfile", r'''
        import io
        import zipfile


        def task_func(blob):
            with zipfile.ZipFile(io.BytesIO(blob)) as zf:
                return sorted(zf.namelist())
        ''', r'''
        import unittest
        import zipfile


        class TestCases(unittest.TestCase):
            def test_bad(self):
                with self.assertRaises(zipfile.BadZipFile):
                    task_func(b"definitely not a zip")
        '''),
    bcb("stdlib-exception-decimal-division", r'''
        from decimal import Decimal, localcontext, DivisionByZero


        def task_func(a, b):
            with localcontext() as ctx:
                ctx.traps[DivisionByZero] = True
                return Decimal(a) / Decimal(b)
        ''', r'''
        import decimal
        import unittest


        class TestCases(unittest.TestCase):
            def test_div(self):
                self.assertEqual(task_func("1", "4"), decimal.Decimal("0.25"))

            def test_zero(self):
                with self.assertRaises(decimal.DivisionByZero):
                    task_func("1", "0")

            def test_zero_is_zerodivision(self):
                self.assertRaises(ZeroDivisionError, task_func, "2", "0")
        '''),
    bcb("stdlib-exception-csv-error", r'''
        import csv
        import io


        def task_func(text):
            return list(csv.reader(io.StringIO(text), strict=True))
        ''', r'''
        import csv
        import unittest


        class TestCases(unittest.TestCase):
            def test_ok(self):
                self.assertEqual(task_func('a,"b,c"\n'), [["a", "b,c"]])

            def test_bad_quote(self):
                with self.assertRaises(csv.Error):
                    task_func('a,"b"c\n')
        '''),
    bcb("stdlib-exception-queue-empty", r'''
        import queue


        def task_func(items, take):
            q = queue.Queue()
            for it in items:
                q.put(it)
            return [q.get_nowait() for _ in range(take)]
        ''', r'''
        import queue
        import unittest


        class TestCases(unittest.TestCase):
            def test_take(self):
                self.assertEqual(task_func([1, 2, 3], 2), [1, 2])

            def test_empty(self):
                with self.assertRaises(queue.Empty):
                    task_func([1], 2)
        '''),
    bcb("stdlib-exception-elementtree", r'''
        import xml.etree.ElementTree as ET


        def task_func(xml_text, tag):
            root = ET.fromstring(xml_text)
            return [el.text for el in root.iter(tag)]
        ''', r'''
        import unittest
        import xml.etree.ElementTree as ET


        class TestCases(unittest.TestCase):
            def test_iter(self):
                self.assertEqual(task_func("<r><a>1</a><b><a>2</a></b></r>", "a"), ["1", "2"])

            def test_bad(self):
                with self.assertRaises(ET.ParseError):
                    task_func("<r><a></r>", "a")
        '''),
    bcb("stdlib-exception-tomllib", r'''
        import tomllib


        def task_func(text):
            return tomllib.loads(text)
        ''', r'''
        import tomllib
        import unittest


        class TestCases(unittest.TestCase):
            def test_parse(self):
                self.assertEqual(task_func('a = 1\n[t]\nb = "x"\n'), {"a": 1, "t": {"b": "x"}})

            def test_bad(self):
                with self.assertRaises(tomllib.TOMLDecodeError):
                    task_func("a = = 1")
        '''),
    bcb("stdlib-exception-sqlite-operational", r'''
        import sqlite3


        def task_func(query, rows=()):
            con = sqlite3.connect(":memory:")
            try:
                con.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)")
                con.executemany("INSERT INTO t VALUES (?, ?)", rows)
                return con.execute(query).fetchall()
            finally:
                con.close()
        ''', r'''
        import sqlite3
        import unittest


        class TestCases(unittest.TestCase):
            def test_query(self):
                self.assertEqual(task_func("SELECT v FROM t ORDER BY v", [("a", 2), ("b", 1)]), [(1,), (2,)])

            def test_bad_table(self):
                with self.assertRaises(sqlite3.OperationalError):
                    task_func("SELECT * FROM nope")

            def test_duplicate_key(self):
                with self.assertRaises(sqlite3.IntegrityError):
                    task_func("SELECT 1", [("a", 1), ("a", 2)])
        '''),
    bcb("stdlib-exception-frozen-dataclass", r'''
        from dataclasses import dataclass


        @dataclass(frozen=True)
        class Point:
            x: int
            y: int


        def task_func(x, y, new_x=None):
            p = Point(x, y)
            if new_x is not None:
                p.x = new_x
            return p
        ''', r'''
        import dataclasses
        import unittest


        class TestCases(unittest.TestCase):
            def test_frozen(self):
                with self.assertRaises(dataclasses.FrozenInstanceError):
                    task_func(1, 2, new_x=5)

            def test_fields(self):
                p = task_func(1, 2)
                self.assertEqual((p.x, p.y), (1, 2))
        '''),
    bcb("stdlib-exception-configparser", r'''
        import configparser


        def task_func(text, section, option):
            cp = configparser.ConfigParser()
            cp.read_string(text)
            return cp.getint(section, option)
        ''', r'''
        import configparser
        import unittest

        INI = "[db]\nport = 5432\n"


        class TestCases(unittest.TestCase):
            def test_ok(self):
                self.assertEqual(task_func(INI, "db", "port"), 5432)

            def test_no_section(self):
                with self.assertRaises(configparser.NoSectionError):
                    task_func(INI, "web", "port")

            def test_no_option(self):
                with self.assertRaises(configparser.NoOptionError):
                    task_func(INI, "db", "host")
        '''),
    bcb("stdlib-exception-ipaddress", r'''
        import ipaddress


        def task_func(addresses, network):
            net = ipaddress.ip_network(network)
            return [a for a in addresses if ipaddress.IPv4Address(a) in net]
        ''', r'''
        import ipaddress
        import unittest


        class TestCases(unittest.TestCase):
            def test_in(self):
                self.assertEqual(task_func(["10.0.0.5", "10.1.0.1"], "10.0.0.0/16"), ["10.0.0.5"])

            def test_bad(self):
                with self.assertRaises(ipaddress.AddressValueError):
                    task_func(["10.0.0.300"], "10.0.0.0/8")
        '''),
    bcb("stdlib-exception-pickle-gzip", r'''
        import gzip
        import pickle


        def task_func(blob, compressed=False):
            if compressed:
                blob = gzip.decompress(blob)
            return pickle.loads(blob)
        ''', r'''
        import gzip
        import pickle
        import unittest


        class TestCases(unittest.TestCase):
            def test_roundtrip(self):
                self.assertEqual(task_func(gzip.compress(pickle.dumps([1, "a"])), compressed=True), [1, "a"])

            def test_bad_gzip(self):
                with self.assertRaises(gzip.BadGzipFile):
                    task_func(b"plain bytes", compressed=True)

            def test_bad_pickle(self):
                with self.assertRaises(pickle.UnpicklingError):
                    task_func(b"\x80\x04junk.")
        '''),
    bcb("stdlib-exception-calendar-month", r'''
        import calendar


        def task_func(year, month):
            return calendar.monthrange(year, month)[1]
        ''', r'''
        import calendar
        import unittest


        class TestCases(unittest.TestCase):
            def test_days(self):
                self.assertEqual(task_func(2024, 2), 29)

            def test_bad_month(self):
                with self.assertRaises(calendar.IllegalMonthError):
                    task_func(2024, 13)
        '''),
    bcb("mock-object-argument", r'''
        import json


        def task_func(client, payload):
            message = json.dumps(payload, sort_keys=True).encode()
            client.sendall(message)
            reply = client.recv(1024)
            return reply.decode()
        ''', r'''
        import unittest
        from unittest.mock import MagicMock


        class TestCases(unittest.TestCase):
            def test_send(self):
                client = MagicMock()
                client.recv.return_value = b"ok"
                self.assertEqual(task_func(client, {"b": 1, "a": 2}), "ok")
                client.sendall.assert_called_once_with(b'{"a": 2, "b": 1}')
        '''),
    bcb("local-namedtuple-answer", r'''
        from collections import namedtuple


        def task_func(rows):
            Row = namedtuple("Row", ["name", "total"])
            return [Row(name, sum(vals)) for name, vals in rows]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_rows(self):
                out = task_func([("a", [1, 2]), ("b", [])])
                self.assertEqual(out, [("a", 3), ("b", 0)])
                self.assertEqual(out[0].total, 3)
                self.assertEqual(out[1]._asdict(), {"name": "b", "total": 0})
        '''),
    bcb("iterator-answer-chain", r'''
        import itertools


        def task_func(*iterables, limit=None):
            chained = itertools.chain.from_iterable(iterables)
            return itertools.islice(chained, limit) if limit else chained
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_all(self):
                self.assertEqual(list(task_func([1, 2], (3,), "ab")), [1, 2, 3, "a", "b"])

            def test_limit(self):
                self.assertEqual(list(task_func(range(100), limit=3)), [0, 1, 2])

            def test_next(self):
                it = task_func([7, 8])
                self.assertEqual(next(it), 7)
                self.assertEqual(list(it), [8])
        '''),
    bcb("dict-view-answer", r'''
        def task_func(pairs):
            d = {}
            for k, v in pairs:
                d[k] = d.get(k, 0) + v
            return d.items()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_items(self):
                items = task_func([("a", 1), ("b", 2), ("a", 3)])
                self.assertIn(("a", 4), items)
                self.assertEqual(sorted(items), [("a", 4), ("b", 2)])
                self.assertEqual(len(items), 2)
        '''),
    bcb("functools-partial-of-task", r'''
        def task_func(base, exponent, modulus=None):
            return pow(base, exponent, modulus) if modulus else base ** exponent
        ''', r'''
        import functools
        import unittest


        class TestCases(unittest.TestCase):
            def test_partial(self):
                square = functools.partial(task_func, exponent=2)
                self.assertEqual([square(x) for x in range(4)], [0, 1, 4, 9])
                self.assertEqual(functools.partial(task_func, 3, 200, 1000)(), pow(3, 200, 1000))
        '''),
    bcb("kwargs-star-args", r'''
        def task_func(*numbers, op="sum", **options):
            if op == "sum":
                result = sum(numbers)
            elif op == "max":
                result = max(numbers, default=None)
            else:
                raise ValueError(f"unknown op {op}")
            if options.get("negate"):
                result = -result
            return result
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_ops(self):
                self.assertEqual(task_func(1, 2, 3), 6)
                self.assertEqual(task_func(1, 5, op="max", negate=True), -5)
                self.assertIsNone(task_func(op="max"))
                self.assertRaises(ValueError, task_func, 1, op="min")
                args = (4, 5)
                kwargs = {"op": "sum", "negate": True}
                self.assertEqual(task_func(*args, **kwargs), -9)
        '''),
    bcb("enum-flag-combination", r'''
        from enum import Flag, auto


        class Perm(Flag):
            R = auto()
            W = auto()
            X = auto()


        def task_func(mode):
            out = Perm(0)
            for ch, flag in (("r", Perm.R), ("w", Perm.W), ("x", Perm.X)):
                if ch in mode:
                    out |= flag
            return out
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_flags(self):
                p = task_func("rw")
                self.assertIn(Perm.R, p)
                self.assertNotIn(Perm.X, p)
                self.assertEqual(p, Perm.R | Perm.W)
                self.assertFalse(task_func(""))
        '''),
    bcb("fixed-offset-timezone-answer", r'''
        from datetime import datetime, timedelta, timezone


        def task_func(ts, offset_hours):
            tz = timezone(timedelta(hours=offset_hours))
            return datetime.fromtimestamp(ts, tz), tz
        ''', r'''
        import unittest
        from datetime import datetime, timedelta, timezone


        class TestCases(unittest.TestCase):
            def test_offset(self):
                dt, tz = task_func(0, -5)
                self.assertEqual(dt, datetime(1969, 12, 31, 19, 0, tzinfo=timezone(timedelta(hours=-5))))
                self.assertEqual(dt.utcoffset(), timedelta(hours=-5))
                self.assertEqual(tz, timezone(timedelta(hours=-5)))
                self.assertEqual(dt.isoformat(), "1969-12-31T19:00:00-05:00")
        '''),
    bcb("zoneinfo-object-answer", r'''
        from zoneinfo import ZoneInfo


        def task_func(name):
            return ZoneInfo(name)
        ''', r'''
        import unittest
        from zoneinfo import ZoneInfo


        class TestCases(unittest.TestCase):
            def test_zone(self):
                tz = task_func("Europe/Paris")
                self.assertEqual(tz, ZoneInfo("Europe/Paris"))
                self.assertEqual(str(tz), "Europe/Paris")
        '''),
    bcb("decimal-specials-answer", r'''
        from decimal import Decimal, InvalidOperation


        def task_func(values):
            out = []
            for v in values:
                try:
                    out.append(Decimal(v))
                except InvalidOperation:
                    out.append(Decimal("NaN"))
            return out
        ''', r'''
        import unittest
        from decimal import Decimal


        class TestCases(unittest.TestCase):
            def test_values(self):
                out = task_func(["1.50", "x", "-Infinity"])
                self.assertEqual(out[0], Decimal("1.50"))
                self.assertTrue(out[1].is_nan())
                self.assertTrue(out[2].is_infinite() and out[2] < 0)
                self.assertEqual(str(out[0]), "1.50")
        '''),
    bcb("mock-open-read-data", r'''
        def task_func(path):
            with open(path) as f:
                return [line.strip().upper() for line in f if line.strip()]
        ''', r'''
        import unittest
        from unittest.mock import mock_open, patch


        class TestCases(unittest.TestCase):
            def test_read(self):
                with patch("builtins.open", mock_open(read_data="a\n\nb\n")) as m:
                    self.assertEqual(task_func("any.txt"), ["A", "B"])
                m.assert_called_once_with("any.txt")
        '''),
    bcb("bytearray-argument-in-place", r'''
        def task_func(buf, key):
            for i in range(len(buf)):
                buf[i] ^= key
            return len(buf)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_xor(self):
                buf = bytearray(b"abc")
                self.assertEqual(task_func(buf, 1), 3)
                self.assertEqual(buf, bytearray(b"`cb"))
                task_func(buf, 1)
                self.assertEqual(bytes(buf), b"abc")
        '''),
    bcb("numpy-string-and-bool-arrays", r'''
        import numpy as np


        def task_func(words):
            arr = np.array(words)
            mask = np.char.str_len(arr) > 2
            return np.char.upper(arr[mask]), mask
        ''', r'''
        import unittest

        import numpy as np


        class TestCases(unittest.TestCase):
            def test_filter(self):
                upper, mask = task_func(["ab", "abc", "hello"])
                np.testing.assert_array_equal(upper, np.array(["ABC", "HELLO"]))
                self.assertEqual(mask.dtype, np.bool_)
                self.assertEqual(mask.tolist(), [False, True, True])
        '''),
    bcb("chainmap-and-simplenamespace", r'''
        from collections import ChainMap
        from types import SimpleNamespace


        def task_func(defaults, overrides):
            merged = ChainMap(overrides, defaults)
            return dict(merged), SimpleNamespace(**merged)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_merge(self):
                d, ns = task_func({"a": 1, "b": 2}, {"b": 3})
                self.assertDictEqual(d, {"a": 1, "b": 3})
                self.assertEqual((ns.a, ns.b), (1, 3))
        '''),
    bcb("zoneinfo-datetime-tzname", r'''
        from datetime import datetime
        from zoneinfo import ZoneInfo


        def task_func(iso, tz):
            return datetime.fromisoformat(iso).astimezone(ZoneInfo(tz))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_name(self):
                out = task_func("2024-07-01T12:00:00+00:00", "Europe/Paris")
                self.assertEqual(out.hour, 14)
                self.assertEqual(out.strftime("%H:%M %Z"), "14:00 CEST")
                self.assertEqual(str(out.tzinfo), "Europe/Paris")
        '''),
    bcb("stdlib-exception-subprocess", r'''
        import subprocess
        import sys


        def task_func(code):
            proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            return proc.stdout.strip()
        ''', r'''
        import subprocess
        import unittest


        class TestCases(unittest.TestCase):
            def test_output(self):
                self.assertEqual(task_func("print(6 * 7)"), "42")

            def test_failure(self):
                with self.assertRaises(subprocess.CalledProcessError) as ctx:
                    task_func("raise SystemExit(3)")
                self.assertEqual(ctx.exception.returncode, 3)
        '''),
    bcb("logging-assertlogs", r'''
        import logging

        logger = logging.getLogger("task")


        def task_func(values):
            total = 0
            for v in values:
                if v < 0:
                    logger.warning("skipping negative value %d", v)
                    continue
                total += v
            return total
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_total(self):
                self.assertEqual(task_func([1, 2]), 3)

            def test_logs(self):
                with self.assertLogs("task", level="WARNING") as cm:
                    self.assertEqual(task_func([1, -2]), 1)
                self.assertEqual(cm.output, ["WARNING:task:skipping negative value -2"])
        '''),
    bcb("pickle-plain-roundtrip", r'''
        import pickle


        def task_func(obj):
            blob = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
            return blob, pickle.loads(blob) == obj
        ''', r'''
        import pickle
        import unittest


        class TestCases(unittest.TestCase):
            def test_roundtrip(self):
                blob, same = task_func({"a": [1, 2.5, None], "b": (1, "x")})
                self.assertTrue(same)
                self.assertEqual(pickle.loads(blob), {"a": [1, 2.5, None], "b": (1, "x")})
        '''),
    bcb("compiled-pattern-answer", r'''
        import re


        def task_func(words):
            return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")\b",
                              re.IGNORECASE)
        ''', r'''
        import re
        import unittest


        class TestCases(unittest.TestCase):
            def test_pattern(self):
                p = task_func(["cat", "a.b"])
                self.assertIsInstance(p, re.Pattern)
                self.assertEqual(p.findall("Cat a.b axb cat"), ["Cat", "a.b", "cat"])
                self.assertIsNone(p.search("concatenate"))
        '''),
    bcb("threadpool-inside-function", r'''
        from concurrent.futures import ThreadPoolExecutor
        import hashlib


        def task_func(chunks):
            with ThreadPoolExecutor(max_workers=4) as ex:
                return list(ex.map(lambda c: hashlib.sha256(c.encode()).hexdigest()[:8], chunks))
        ''', r'''
        import hashlib
        import unittest


        class TestCases(unittest.TestCase):
            def test_order(self):
                chunks = [str(i) * 3 for i in range(10)]
                self.assertEqual(task_func(chunks), [hashlib.sha256(c.encode()).hexdigest()[:8] for c in chunks])
        '''),
    bcb("os-environ-and-platform", r'''
        import os
        import platform


        def task_func(name, default="unset"):
            return os.environ.get(name, default), platform.python_version_tuple()[0]
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_missing(self):
                value, major = task_func("S8_SURELY_NOT_SET")
                self.assertEqual(value, "unset")
                self.assertEqual(major, "3")
        '''),
    bcb("time-perf-counter-elapsed", r'''
        import time


        def task_func(n):
            start = time.perf_counter()
            total = sum(i * i for i in range(n))
            return total, time.perf_counter() - start
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_result(self):
                total, elapsed = task_func(1000)
                self.assertEqual(total, 332833500)
                self.assertGreaterEqual(elapsed, 0)
                self.assertLess(elapsed, 5)
        '''),
    bcb("glob-shutil-in-own-tempdir", r'''
        import glob
        import os
        import shutil
        import tempfile


        def task_func(names):
            d = tempfile.mkdtemp()
            try:
                for n in names:
                    with open(os.path.join(d, n), "w") as f:
                        f.write(n)
                archive = shutil.make_archive(os.path.join(d, "bundle"), "zip", d)
                return sorted(os.path.basename(p) for p in glob.glob(os.path.join(d, "*.txt"))), \
                    os.path.getsize(archive) > 0
            finally:
                shutil.rmtree(d)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_files(self):
                self.assertEqual(task_func(["b.txt", "a.txt", "c.log"]), (["a.txt", "b.txt"], True))
        '''),
    bcb("mock-patch-object-own-function", r'''
        import random


        def roll():
            return random.randint(1, 6)


        def task_func(n):
            return sum(roll() for _ in range(n))
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_bounds(self):
                for n in (1, 5, 20):
                    with self.subTest(n=n):
                        total = task_func(n)
                        self.assertGreaterEqual(total, n)
                        self.assertLessEqual(total, 6 * n)
        '''),
    bcb("assert-not-equal-and-regex", r'''
        import secrets
        import string


        def task_func(length=12):
            if length < 4:
                raise ValueError("too short")
            alphabet = string.ascii_letters + string.digits
            while True:
                pw = "".join(secrets.choice(alphabet) for _ in range(length))
                if any(c.isdigit() for c in pw) and any(c.isupper() for c in pw) and any(c.islower() for c in pw):
                    return pw
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_shape(self):
                pw = task_func(16)
                self.assertEqual(len(pw), 16)
                self.assertRegex(pw, r"^[A-Za-z0-9]+$")
                self.assertRegex(pw, r"\d")

            def test_different(self):
                self.assertNotEqual(task_func(), task_func())

            def test_short(self):
                self.assertRaises(ValueError, task_func, 3)
        '''),
]

# --- APPS/TACO call-based rows: ``fn_name`` with ``inputs``/``outputs`` lists of JSON ---------------------------------
# APPS's testing_util calls ``fn_name(*inputs[i])`` (a method of ``Solution()`` when the code defines that class),
# turns a tuple answer into a list, and compares with ``outputs[i]`` as read from JSON, or with its first item (the
# outputs of many rows are wrapped in a list); a list of tuples compares as a list of lists.
_CALL_BASED_CHECK = '''
import json
import math

IN_OUTS = json.loads({in_outs!r})


def check(candidate):
    for args, expected in zip(IN_OUTS["inputs"], IN_OUTS["outputs"]):
        output = candidate(*args)
        if isinstance(output, tuple):
            output = list(output)
        ok = output == expected
        if isinstance(expected, list) and expected:
            ok = ok or output == expected[0]
        try:
            if isinstance(output[0], tuple):
                ok = ok or [list(x) for x in output] == expected[0]
        except Exception:
            pass
        assert ok, (args, output, expected)
'''


def call_based(name: str, code: str, fn_name: str, inputs: list, outputs: list, method: bool = False) -> Case:
    """An APPS/TACO call-based row: the check replays ``inputs``/``outputs`` (a JSON text in the row, as APPS stores
    ``input_output``) the way APPS's harness compares them."""
    in_outs = json.dumps({"inputs": inputs, "outputs": outputs, "fn_name": fn_name})
    entry = f"Solution().{fn_name}" if method else fn_name
    return humaneval(f"s8-apps-{name}", code, _CALL_BASED_CHECK.format(in_outs=in_outs), entry)


# LiveCodeBench's functional rows: the code runs after its import header; each test's input is one JSON value per
# line (the method's arguments in order), its output one JSON value; a tuple answer compares as a list.
LCB_IMPORTS = '''
from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from io import *
from sys import *
from json import *
from builtins import *
from typing import *
import string
import re
import datetime
import collections
import heapq
import bisect
import copy
import math
import random
import statistics
import itertools
import functools
import operator
import io
import sys
import json
import math
sys.setrecursionlimit(50000)
'''

_LCB_CHECK = '''
import json
import math

TESTS = json.loads({tests!r})


def check(candidate):
    for test in TESTS:
        args = [json.loads(line) for line in test["input"].split("\\n")]
        prediction = candidate(*args)
        if isinstance(prediction, tuple):
            prediction = list(prediction)
        assert prediction == json.loads(test["output"]), (test, prediction)
'''


# A LiveCodeBench row's starter code (its ``starter_code`` column), as a row's ``code_prompt``: a method's header.
_STARTER = """
class Solution:
    def countPairs(self, nums: List[int], target: int) -> int:
        """


def lcb(name: str, code: str, method: str, tests: list[tuple[str, str]]) -> Case:
    """A LiveCodeBench functional row: ``Solution().<method>`` after LiveCodeBench's import header."""
    payload = json.dumps([{"input": i, "output": o, "testtype": "functional"} for i, o in tests])
    return humaneval(f"s8-lcb-{name}", code, _LCB_CHECK.format(tests=payload), f"Solution().{method}",
                     prompt=LCB_IMPORTS, style="leetcode")


CALL_BASED: list[Case] = [
    call_based("tuple-answer-as-list", '''
        def min_max(arr):
            return min(arr), max(arr)
        ''', "min_max", [[[3, 1, 2]], [[5]], [[-1, -9, 4]]], [[1, 3], [5, 5], [-9, 4]]),
    call_based("wrapped-output", '''
        def count_vowels(s):
            return sum(ch in "aeiouAEIOU" for ch in s)
        ''', "count_vowels", [["hello"], [""], ["AEIOUxyz"]], [[2], [0], [5]]),
    call_based("list-of-tuples", '''
        def pairs(n):
            return [(i, n - i) for i in range(n + 1) if i <= n - i]
        ''', "pairs", [[4], [1]], [[[[0, 4], [1, 3], [2, 2]]], [[[0, 1]]]]),
    call_based("string-output", '''
        def to_camel_case(text):
            parts = text.replace("-", "_").split("_")
            return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
        ''', "to_camel_case", [["the-stealth-warrior"], ["The_Stealth_Warrior"], [""]],
        [["theStealthWarrior"], ["TheStealthWarrior"], [""]]),
    call_based("bool-output", '''
        def is_isogram(string):
            s = string.lower()
            return len(set(s)) == len(s)
        ''', "is_isogram", [["Dermatoglyphics"], ["moOse"], [""]], [[True], [False], [True]]),
    call_based("none-output", '''
        def first_dup(xs):
            seen = set()
            for x in xs:
                if x in seen:
                    return x
                seen.add(x)
            return None
        ''', "first_dup", [[[1, 2, 1]], [[1, 2, 3]]], [[1], [None]]),
    call_based("float-output", '''
        def average(scores):
            return round(sum(scores) / len(scores), 2) if scores else 0
        ''', "average", [[[1, 2, 2]], [[]], [[10]]], [[1.67], [0], [10]]),
    call_based("nested-list-matrix", '''
        def transpose(matrix):
            return [list(row) for row in zip(*matrix)]
        ''', "transpose", [[[[1, 2, 3], [4, 5, 6]]], [[[1]]]], [[[[1, 4], [2, 5], [3, 6]]], [[[1]]]]),
    call_based("zip-tuples-answer", '''
        def enumerate_words(s):
            return list(enumerate(s.split()))
        ''', "enumerate_words", [["a b c"]], [[[[0, "a"], [1, "b"], [2, "c"]]]]),
    call_based("dict-output", '''
        def char_count(s):
            out = {}
            for ch in s:
                out[ch] = out.get(ch, 0) + 1
            return out
        ''', "char_count", [["aab"], [""]], [[{"a": 2, "b": 1}], [{}]]),
    call_based("several-args", '''
        def solution(a, b, c=0):
            return a * b + c
        ''', "solution", [[2, 3], [2, 3, 4], [0, 9, -1]], [[6], [10], [-1]]),
    call_based("big-int", '''
        def fib(n):
            a, b = 0, 1
            for _ in range(n):
                a, b = b, a + b
            return a
        ''', "fib", [[10], [300]], [[55], [222232244629420445529739893461909967206666939096499764990979600]]),
    call_based("class-solution-method", '''
        class Solution:
            def maxProfit(self, prices):
                best, low = 0, float("inf")
                for p in prices:
                    low = min(low, p)
                    best = max(best, p - low)
                return best
        ''', "maxProfit", [[[7, 1, 5, 3, 6, 4]], [[7, 6, 4, 3, 1]]], [[5], [0]], method=True),
    call_based("recursive-helper", '''
        def permutations(s):
            if len(s) <= 1:
                return [s]
            out = set()
            for i, ch in enumerate(s):
                for rest in permutations(s[:i] + s[i + 1:]):
                    out.add(ch + rest)
            return sorted(out)
        ''', "permutations", [["ab"], ["aabb"], ["a"]],
        [[["ab", "ba"]], [["aabb", "abab", "abba", "baab", "baba", "bbaa"]], [["a"]]]),
    call_based("sorted-set-answer", '''
        def unique_sorted(xs):
            return sorted(set(xs), reverse=True)
        ''', "unique_sorted", [[[3, 1, 3, 2]], [[]]], [[[3, 2, 1]], [[]]]),
    call_based("string-list-join", '''
        def format_names(names):
            if not names:
                return ""
            if len(names) == 1:
                return names[0]["name"]
            return ", ".join(n["name"] for n in names[:-1]) + " & " + names[-1]["name"]
        ''', "format_names", [[[{"name": "Bart"}, {"name": "Lisa"}, {"name": "Maggie"}]], [[{"name": "Bart"}]], [[]]],
        [["Bart, Lisa & Maggie"], ["Bart"], [""]]),
    call_based("mutates-argument", '''
        def move_zeros(array):
            nonzero = [x for x in array if x != 0]
            array[:] = nonzero + [0] * (len(array) - len(nonzero))
            return array
        ''', "move_zeros", [[[1, 0, 2, 0, 3]], [[0, 0]]], [[[1, 2, 3, 0, 0]], [[0, 0]]]),
    call_based("generator-return-list", '''
        def squares_up_to(n):
            return list(x * x for x in range(1, n + 1) if x * x <= n)
        ''', "squares_up_to", [[20], [0]], [[[1, 4, 9, 16]], [[]]]),
    call_based("unicode-text", '''
        def reverse_words(text):
            return " ".join(w[::-1] for w in text.split(" "))
        ''', "reverse_words", [["héllo wörld"], ["double  spaces"]], [["olléh dlröw"], ["elbuod  secaps"]]),
    call_based("int-vs-float-equal", '''
        def half(n):
            return n / 2
        ''', "half", [[4], [3]], [[2], [1.5]]),
]

# Ways to climb 2000 steps by 1 or 2, mod 1e9+7: the answer of a memoised recursion 2000 deep.
_WAYS = [1, 1]
for _i in range(2, 2001):
    _WAYS.append((_WAYS[-1] + _WAYS[-2]) % 1_000_000_007)
_WAYS_2000 = _WAYS[2000]

# A LiveCodeBench-sized argument: 10^5 numbers on one JSON line, and the best window of 1000 of them.
_LCB_BIG = _ints(100_000, -10_000, 10_000)
_LCB_BIG_PRE = [0, *accumulate(_LCB_BIG)]
_LCB_BIG_BEST = max(_LCB_BIG_PRE[i + 1000] - _LCB_BIG_PRE[i] for i in range(len(_LCB_BIG) - 999))

LIVECODEBENCH: list[Case] = [
    lcb("two-args-list-int", '''
        class Solution:
            def minimumOperations(self, nums: List[int], k: int) -> int:
                return sum(1 for x in nums if x < k)
        ''', "minimumOperations", [("[2,11,10,1,3]\n10", "3"), ("[1,1,2,4,9]\n1", "0")]),
    humaneval("s8-lcb-starter-code-prompt-full-class", '''
        ```python
        class Solution:
            def countPairs(self, nums: List[int], target: int) -> int:
                nums = sorted(nums)
                lo, hi, count = 0, len(nums) - 1, 0
                while lo < hi:
                    if nums[lo] + nums[hi] < target:
                        count += hi - lo
                        lo += 1
                    else:
                        hi -= 1
                return count
        ```
        ''', _LCB_CHECK.format(tests=json.dumps([{"input": "[-1,1,2,3,1]\n2", "output": "3"},
                                                  {"input": "[-6,2,5,-2,-7,-1,3]\n-2", "output": "10"}])),
        "Solution().countPairs", prompt=LCB_IMPORTS + _STARTER, style="leetcode"),
    Case("leetcode/s8-lcb-starter-code-prompt-method-body",
         "        return sum(1 for w in words if w.startswith(pref))\n",
         {"test": dedent(_LCB_CHECK.format(tests=json.dumps([{"input": '["pay","attention","practice"]\n"at"',
                                                               "output": "1"}]))),
          "entry_point": "Solution().prefixCount",
          "code_prompt": "from typing import List\n\n\nclass Solution:\n"
                         "    def prefixCount(self, words: List[str], pref: str) -> int:\n"}),
    lcb("big-array-input", '''
        class Solution:
            def maxSubarraySum(self, nums: List[int], k: int) -> int:
                best = cur = sum(nums[:k])
                for i in range(k, len(nums)):
                    cur += nums[i] - nums[i - k]
                    best = max(best, cur)
                return best
        ''', "maxSubarraySum", [(json.dumps(_LCB_BIG, separators=(",", ":")) + "\n1000", str(_LCB_BIG_BEST))]),
    lcb("big-string-input", '''
        class Solution:
            def longestRun(self, s: str) -> int:
                return max(len(list(g)) for _, g in groupby(s))
        ''', "longestRun", [(json.dumps(_KMP), str(max(len(r) for r in _KMP.replace("ab", "a b").replace(
            "ba", "b a").split())))]),
    lcb("string-arg", '''
        class Solution:
            def scoreOfString(self, s: str) -> int:
                return sum(abs(ord(a) - ord(b)) for a, b in pairwise(s))
        ''', "scoreOfString", [('"hello"', "13"), ('"zaz"', "50")]),
    lcb("list-answer", '''
        class Solution:
            def findIntersectionValues(self, nums1: List[int], nums2: List[int]) -> List[int]:
                s1, s2 = set(nums1), set(nums2)
                return [sum(x in s2 for x in nums1), sum(x in s1 for x in nums2)]
        ''', "findIntersectionValues", [("[4,3,2,3,1]\n[2,2,5,2,3,6]", "[3,4]"), ("[3,4,2,3]\n[1,5]", "[0,0]")]),
    lcb("bool-answer", '''
        class Solution:
            def isArraySpecial(self, nums: List[int]) -> bool:
                return all((a ^ b) & 1 for a, b in zip(nums, nums[1:]))
        ''', "isArraySpecial", [("[1]", "true"), ("[2,1,4]", "true"), ("[4,3,1,6]", "false")]),
    lcb("star-imports-used", '''
        class Solution:
            def maximumLength(self, s: str) -> int:
                cnt = defaultdict(int)
                for ch, grp in groupby(s):
                    n = len(list(grp))
                    for length in range(1, n + 1):
                        cnt[(ch, length)] += n - length + 1
                best = [length for (ch, length), c in cnt.items() if c >= 3]
                return max(best) if best else -1
        ''', "maximumLength", [('"aaaa"', "2"), ('"abcdef"', "-1"), ('"abcaba"', "1")]),
    lcb("heap-and-inf", '''
        class Solution:
            def minimumCost(self, n: int, edges: List[List[int]]) -> int:
                graph = [[] for _ in range(n)]
                for u, v, w in edges:
                    graph[u].append((v, w))
                dist = [inf] * n
                dist[0] = 0
                pq = [(0, 0)]
                while pq:
                    d, u = heappop(pq)
                    if d > dist[u]:
                        continue
                    for v, w in graph[u]:
                        if d + w < dist[v]:
                            dist[v] = d + w
                            heappush(pq, (d + w, v))
                return -1 if dist[n - 1] == inf else dist[n - 1]
        ''', "minimumCost", [("3\n[[0,1,2],[1,2,3],[0,2,10]]", "5"), ("2\n[]", "-1")]),
    lcb("cache-decorator", '''
        class Solution:
            def numberOfWays(self, n: int) -> int:
                MOD = 10 ** 9 + 7

                @cache
                def go(i):
                    if i == 0:
                        return 1
                    if i < 0:
                        return 0
                    return (go(i - 1) + go(i - 2)) % MOD

                return go(n)
        ''', "numberOfWays", [("4", "5"), ("2000", str(_WAYS_2000))]),
    lcb("string-answer", '''
        class Solution:
            def clearDigits(self, s: str) -> str:
                st = []
                for ch in s:
                    if ch.isdigit():
                        if st:
                            st.pop()
                    else:
                        st.append(ch)
                return "".join(st)
        ''', "clearDigits", [('"abc"', '"abc"'), ('"cb34"', '""')]),
    lcb("matrix-arg", '''
        class Solution:
            def minimumArea(self, grid: List[List[int]]) -> int:
                rows = [i for i, r in enumerate(grid) if any(r)]
                cols = [j for j in range(len(grid[0])) if any(r[j] for r in grid)]
                return (rows[-1] - rows[0] + 1) * (cols[-1] - cols[0] + 1)
        ''', "minimumArea", [("[[0,1,0],[1,0,1]]", "6"), ("[[1,0],[0,0]]", "1")]),
    lcb("tuple-answer", '''
        class Solution:
            def minMax(self, nums: List[int]) -> List[int]:
                return min(nums), max(nums)
        ''', "minMax", [("[3,1,2]", "[1,3]")]),
    lcb("float-answer", '''
        class Solution:
            def minimumAverage(self, nums: List[int]) -> float:
                nums.sort()
                return min((nums[i] + nums[-1 - i]) / 2 for i in range(len(nums) // 2))
        ''', "minimumAverage", [("[7,8,3,4,15,13,4,1]", "5.5"), ("[1,9,8,3,10,5]", "5.5"), ("[1,2,3,7,8,9]", "5.0")]),
    lcb("big-answer-mod", '''
        class Solution:
            def valueAfterKSeconds(self, n: int, k: int) -> int:
                a = [1] * n
                for _ in range(k):
                    a = list(accumulate(a))
                return a[-1] % (10 ** 9 + 7)
        ''', "valueAfterKSeconds", [("4\n5", "56"), ("5\n3", "35")]),
    lcb("helper-method-self", '''
        class Solution:
            def countKConstraintSubstrings(self, s: str, k: int) -> int:
                return sum(self._ok(s[i:j], k) for i in range(len(s)) for j in range(i + 1, len(s) + 1))

            def _ok(self, t, k):
                return t.count("0") <= k or t.count("1") <= k
        ''', "countKConstraintSubstrings", [('"10101"\n1', "12"), ('"11111"\n1', "15")]),
    lcb("bisect-sortedlist-like", '''
        class Solution:
            def resultArray(self, nums: List[int]) -> List[int]:
                a, b = [nums[0]], [nums[1]]
                sa, sb = [nums[0]], [nums[1]]
                for x in nums[2:]:
                    ga = len(sa) - bisect_right(sa, x)
                    gb = len(sb) - bisect_right(sb, x)
                    if ga > gb or (ga == gb and len(a) <= len(b)):
                        a.append(x)
                        insort(sa, x)
                    else:
                        b.append(x)
                        insort(sb, x)
                return a + b
        ''', "resultArray", [("[2,1,3,3]", "[2,3,1,3]"), ("[5,14,3,1,2]", "[5,3,1,2,14]")]),
    lcb("recursion-deep", '''
        class Solution:
            def depth(self, n: int) -> int:
                def go(i):
                    return 0 if i == 0 else 1 + go(i - 1)
                return go(n)
        ''', "depth", [("5000", "5000")]),
    lcb("nested-class-state", '''
        class Solution:
            def processQueries(self, queries: List[int], m: int) -> List[int]:
                perm = list(range(1, m + 1))
                out = []
                for q in queries:
                    i = perm.index(q)
                    out.append(i)
                    perm.insert(0, perm.pop(i))
                return out
        ''', "processQueries", [("[3,1,2,1]\n5", "[2,1,2,1]"), ("[4,1,2,2]\n4", "[3,1,2,0]")]),
    lcb("string-list-answer", '''
        class Solution:
            def stringSequence(self, target: str) -> List[str]:
                out, cur = [], ""
                for ch in target:
                    for c in ascii_lowercase[:ascii_lowercase.index(ch) + 1]:
                        out.append(cur + c)
                    cur += ch
                return out
        ''', "stringSequence", [('"abc"', '["a","aa","ab","aba","abb","abc"]'), ('"b"', '["a","b"]')]),
    lcb("null-in-input", '''
        class Solution:
            def countNone(self, values: List[Optional[int]]) -> int:
                return sum(v is None for v in values)
        ''', "countNone", [("[1,null,2,null]", "2")]),
    lcb("unicode-escape-input", '''
        class Solution:
            def upperCount(self, s: str) -> int:
                return sum(ch.isupper() for ch in s)
        ''', "upperCount", [('"\\u00c9cole ABC"', "4")]),
]

# --- CodeContests stdin programs: fast I/O, deep recursion in big-stack threads, fixed-precision floats ----------
CODECONTESTS: list[Case] = [
    stdio("s8-cc-multitest-buffer-read-split", r'''
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            t = int(data[0])
            pos = 1
            out = []
            for _ in range(t):
                n = int(data[pos])
                a = list(map(int, data[pos + 1:pos + 1 + n]))
                pos += 1 + n
                out.append(f"{sum(a)} {max(a)}")
            sys.stdout.write("\n".join(out) + "\n")


        main()
        ''', [(_MT_IN, _MT_OUT), ("1\n1\n-5\n", "-5 -5\n")]),
    stdio("s8-cc-multitest-buffer-readline", r'''
        import sys

        input = sys.stdin.buffer.readline


        def solve():
            n = int(input())
            a = list(map(int, input().split()))
            return f"{sum(a)} {max(a)}"


        t = int(input())
        sys.stdout.write("\n".join(solve() for _ in range(t)))
        ''', [(_MT_IN, _MT_OUT)]),
    stdio("s8-cc-multitest-blank-lines-crlf", r'''
        import sys

        tokens = iter(sys.stdin.read().split())
        t = int(next(tokens))
        res = []
        for _ in range(t):
            n = int(next(tokens))
            a = [int(next(tokens)) for _ in range(n)]
            res.append("%d %d" % (sum(a), max(a)))
        print("\n".join(res))
        ''', [(_MT_BLANK_IN, _MT_BLANK_OUT)]),
    stdio("s8-cc-multitest-input-per-line", r'''
        t = int(input())
        for _ in range(t):
            n = int(input())
            a = list(map(int, input().split()))
            print(sum(a), max(a))
        ''', [(_MT_IN, _MT_OUT)]),
    stdio("s8-cc-sort-join-no-trailing-newline", r'''
        import sys

        n, *a = map(int, sys.stdin.buffer.read().split())
        a.sort()
        sys.stdout.write("\n".join(map(str, a)))
        ''', [(_SORT_IN, _SORT_OUT)]),
    stdio("s8-cc-sort-print-star-sep", r'''
        n = int(input())
        a = sorted(map(int, input().split()))
        print(*a, sep="\n")
        ''', [(_SORT_IN, _SORT_OUT)]),
    stdio("s8-cc-sort-stdout-buffer-bytes", r'''
        import sys

        data = sys.stdin.buffer.read().split()
        a = sorted(map(int, data[1:]))
        sys.stdout.buffer.write(b"\n".join(str(x).encode() for x in a) + b"\n")
        ''', [(_SORT_IN, _SORT_OUT)]),
    stdio("s8-cc-prefix-queries-readline-bytes", r'''
        import sys
        from itertools import accumulate

        input = sys.stdin.buffer.readline
        n, q = map(int, input().split())
        pre = [0]
        pre.extend(accumulate(map(int, input().split())))
        ans = []
        for _ in range(q):
            l, r = map(int, input().split())
            ans.append(pre[r] - pre[l - 1])
        print("\n".join(map(str, ans)))
        ''', [(_PQ_IN, _PQ_OUT)]),
    stdio("s8-cc-prefix-queries-readlines", r'''
        import sys

        lines = sys.stdin.buffer.readlines()
        n, q = map(int, lines[0].split())
        a = list(map(int, lines[1].split()))
        pre = [0] * (n + 1)
        for i, x in enumerate(a):
            pre[i + 1] = pre[i] + x
        out = []
        for line in lines[2:2 + q]:
            l, r = line.split()
            out.append(str(pre[int(r)] - pre[int(l) - 1]))
        sys.stdout.write("\n".join(out) + "\n")
        ''', [(_PQ_IN, _PQ_OUT)]),
    stdio("s8-cc-dfs-threading-stack-size", r'''
        import sys
        import threading


        def main():
            input = sys.stdin.readline
            n = int(input())
            adj = [[] for _ in range(n + 1)]
            for _ in range(n - 1):
                a, b = map(int, input().split())
                adj[a].append(b)
                adj[b].append(a)
            depth = [0] * (n + 1)
            seen = [False] * (n + 1)

            def dfs(v, d):
                seen[v] = True
                depth[v] = d
                for u in adj[v]:
                    if not seen[u]:
                        dfs(u, d + 1)

            dfs(1, 0)
            print(max(depth), sum(depth) % 1000000007)


        sys.setrecursionlimit(1 << 25)
        threading.stack_size(1 << 27)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        ''', [(_PATH_IN, _PATH_OUT), ("1\n", "0 0\n")]),
    stdio("s8-cc-dfs-stack-size-512mb", r'''
        import sys
        import threading

        sys.setrecursionlimit(10 ** 6)
        threading.stack_size(512 * 1024 * 1024)


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            adj = [[] for _ in range(n + 1)]
            for i in range(n - 1):
                a, b = int(data[1 + 2 * i]), int(data[2 + 2 * i])
                adj[a].append(b)
                adj[b].append(a)
            depth = [-1] * (n + 1)

            def go(v, d):
                depth[v] = d
                for u in adj[v]:
                    if depth[u] < 0:
                        go(u, d + 1)

            go(1, 0)
            sys.stdout.write(f"{max(depth)} {sum(depth[1:]) % 1000000007}\n")


        threading.Thread(target=main).start()
        ''', [(_PATH_IN, _PATH_OUT)]),
    stdio("s8-cc-tree-subtree-recursive-thread", r'''
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            parents = list(map(int, sys.stdin.readline().split()))
            children = [[] for _ in range(n + 1)]
            for child, p in enumerate(parents, 2):
                children[p].append(child)
            size = [0] * (n + 1)
            height = 0

            def dfs(v, d):
                nonlocal height
                height = max(height, d)
                s = 1
                for c in children[v]:
                    s += dfs(c, d + 1)
                size[v] = s
                return s

            dfs(1, 0)
            print(sum(size), height)


        sys.setrecursionlimit(400000)
        threading.stack_size(2 ** 26)
        th = threading.Thread(target=main)
        th.start()
        th.join()
        ''', [(_TREE_IN, _TREE_OUT)]),
    stdio("s8-cc-tree-iterative-order", r'''
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            par = [0, 0] + [int(x) for x in data[1:n]]
            depth = [0] * (n + 1)
            for v in range(2, n + 1):
                depth[v] = depth[par[v]] + 1
            size = [1] * (n + 1)
            size[0] = 0
            for v in range(n, 1, -1):
                size[par[v]] += size[v]
            print(sum(size), max(depth))

        main()
        ''', [(_TREE_IN, _TREE_OUT)]),
    stdio("s8-cc-union-find-path-halving", r'''
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            parent = list(range(n + 1))

            def find(x):
                while parent[x] != x:
                    parent[x] = parent[parent[x]]
                    x = parent[x]
                return x

            comps = n
            out = []
            for k in range(m):
                a, b = find(int(data[2 + 2 * k])), find(int(data[3 + 2 * k]))
                if a != b:
                    parent[a] = b
                    comps -= 1
                if (k + 1) % 10000 == 0:
                    out.append(comps)
            print(*out)

        main()
        ''', [(_UF_IN, _UF_OUT)]),
    stdio("s8-cc-union-find-recursive-find", r'''
        import sys
        sys.setrecursionlimit(300000)
        input = sys.stdin.readline

        n, m = map(int, input().split())
        parent = list(range(n + 1))
        rank = [0] * (n + 1)


        def find(x):
            if parent[x] != x:
                parent[x] = find(parent[x])
            return parent[x]


        comps = n
        res = []
        for k in range(1, m + 1):
            a, b = map(int, input().split())
            ra, rb = find(a), find(b)
            if ra != rb:
                if rank[ra] < rank[rb]:
                    ra, rb = rb, ra
                parent[rb] = ra
                rank[ra] += rank[ra] == rank[rb]
                comps -= 1
            if k % 10000 == 0:
                res.append(str(comps))
        print(" ".join(res))
        ''', [(_UF_IN, _UF_OUT)]),
    stdio("s8-cc-float-six-places-format", r'''
        import math
        import sys

        data = sys.stdin.read().split()
        n = int(data[0])
        out = []
        for r in data[1:n + 1]:
            out.append("{:.6f}".format(math.pi * int(r) * int(r)))
        print("\n".join(out))
        ''', [(_CIRC_IN, _CIRC_OUT), ("1\n1\n", "3.141593\n")]),
    stdio("s8-cc-float-percent-format", r'''
        from math import pi

        n = int(input())
        for _ in range(n):
            r = int(input())
            print("%.6f" % (pi * r * r))
        ''', [(_CIRC_IN, _CIRC_OUT)]),
    stdio("s8-cc-float-mean-nine-places", r'''
        import sys

        n, *a = map(int, sys.stdin.buffer.read().split())
        print(f"{sum(a) / n:.9f}")
        ''', [(_MEAN_IN, _MEAN_OUT), ("2\n1 2\n", "1.500000000\n")]),
    stdio("s8-cc-float-fsum-round-trailing", r'''
        import math

        n = int(input())
        xs = [float(x) for x in input().split()]
        mean = math.fsum(xs) / n
        var = math.fsum((x - mean) ** 2 for x in xs) / n
        print("%.10f %.10f" % (mean, math.sqrt(var)))
        ''', [("4\n1 2 3 4\n", "2.5000000000 1.1180339887\n"), ("1\n0.1\n", "0.1000000000 0.0000000000\n")]),
    stdio("s8-cc-float-decimal-precision", r'''
        from decimal import Decimal, getcontext

        getcontext().prec = 60
        n = int(input())
        print(Decimal(n).sqrt().quantize(Decimal("1." + "0" * 40)))
        ''', [("2\n", "1.4142135623730950488016887242096980785697\n"),
              ("16\n", "4." + "0" * 40 + "\n")]),
    stdio("s8-cc-float-round-half-even-print", r'''
        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print(round(a / b, 3))
        ''', [("3\n1 3\n2 3\n1 8\n", "0.333\n0.667\n0.125\n")]),
    stdio("s8-cc-float-geometry-hypot", r'''
        import sys
        from math import hypot, atan2, degrees

        def main():
            pts = [tuple(map(float, line.split())) for line in sys.stdin.read().strip().split("\n")[1:]]
            for x, y in pts:
                sys.stdout.write("%.4f %.4f\n" % (hypot(x, y), degrees(atan2(y, x))))

        main()
        ''', [("3\n3 4\n-1 0\n0 -2.5\n", "5.0000 53.1301\n1.0000 180.0000\n2.5000 -90.0000\n")]),
    stdio("s8-cc-lis-bisect", r'''
        import sys
        from bisect import bisect_left

        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            tails = []
            for x in map(int, data[1:n + 1]):
                i = bisect_left(tails, x)
                if i == len(tails):
                    tails.append(x)
                else:
                    tails[i] = x
            print(len(tails))

        main()
        ''', [(_LIS_IN, _LIS_OUT)]),
    stdio("s8-cc-kmp-prefix-function", r'''
        import sys

        s = sys.stdin.readline().strip()
        n = len(s)
        pi = [0] * n
        for i in range(1, n):
            k = pi[i - 1]
            while k and s[i] != s[k]:
                k = pi[k - 1]
            if s[i] == s[k]:
                k += 1
            pi[i] = k
        print(max(pi), sum(pi))
        ''', [(_KMP + "\n", _KMP_OUT)]),
    stdio("s8-cc-ncr-factorials-mod", r'''
        import sys

        MOD = 10 ** 9 + 7
        N = 10 ** 5
        fact = [1] * (N + 1)
        for i in range(1, N + 1):
            fact[i] = fact[i - 1] * i % MOD
        inv = [1] * (N + 1)
        inv[N] = pow(fact[N], MOD - 2, MOD)
        for i in range(N, 0, -1):
            inv[i - 1] = inv[i] * i % MOD

        data = sys.stdin.buffer.read().split()
        q = int(data[0])
        out = []
        for k in range(q):
            n, r = int(data[1 + 2 * k]), int(data[2 + 2 * k])
            out.append(fact[n] * inv[r] % MOD * inv[n - r] % MOD if r <= n else 0)
        sys.stdout.write("\n".join(map(str, out)) + "\n")
        ''', [(_NCR_IN, _NCR_OUT)]),
    stdio("s8-cc-sieve-bytearray", r'''
        import sys

        LIMIT = 10 ** 6
        sieve = bytearray([1]) * (LIMIT + 1)
        sieve[0] = sieve[1] = 0
        for i in range(2, int(LIMIT ** 0.5) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytes(len(range(i * i, LIMIT + 1, i)))
        data = sys.stdin.buffer.read().split()
        sys.stdout.write("".join("YES\n" if sieve[int(x)] else "NO\n" for x in data[1:]))
        ''', [(_PRIME_IN, _PRIME_OUT)]),
    stdio("s8-cc-grid-bfs-deque", r'''
        import sys
        from collections import deque

        def main():
            input = sys.stdin.readline
            h, w = map(int, input().split())
            g = [input().rstrip("\n") for _ in range(h)]
            dist = [[-1] * w for _ in range(h)]
            dist[0][0] = 0
            dq = deque([(0, 0)])
            while dq:
                r, c = dq.popleft()
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= nr < h and 0 <= nc < w and g[nr][nc] == "." and dist[nr][nc] < 0:
                        dist[nr][nc] = dist[r][c] + 1
                        dq.append((nr, nc))
            print(dist[h - 1][w - 1])

        main()
        ''', [(_GRID_IN, _GRID_OUT), ("2 2\n.#\n#.\n", "-1\n")]),
    stdio("s8-cc-deep-recursion-no-thread", r'''
        import sys
        sys.setrecursionlimit(100000)


        def f(n):
            if n == 0:
                return 0
            return (n * n + f(n - 1)) % 1000000007


        print(f(int(input())))
        ''', [(f"{_DEEP_N}\n", _DEEP_OUT)]),
    stdio("s8-cc-lru-cache-recursion-thread", r'''
        import sys
        import threading
        from functools import lru_cache


        def main():
            n = int(sys.stdin.readline())

            @lru_cache(maxsize=None)
            def f(k):
                return 0 if k == 0 else (k * k + f(k - 1)) % 1000000007

            print(f(n))


        sys.setrecursionlimit(10 ** 6)
        threading.stack_size(1 << 27)
        threading.Thread(target=main).start()
        ''', [(f"{_DEEP_N}\n", _DEEP_OUT)]),
    stdio("s8-cc-dijkstra-heapq", r'''
        import sys
        import heapq


        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            adj = [[] for _ in range(n + 1)]
            it = 2
            for _ in range(m):
                a, b, w = int(data[it]), int(data[it + 1]), int(data[it + 2])
                it += 3
                adj[a].append((b, w))
                adj[b].append((a, w))
            INF = float("inf")
            dist = [INF] * (n + 1)
            dist[1] = 0
            pq = [(0, 1)]
            while pq:
                d, u = heapq.heappop(pq)
                if d > dist[u]:
                    continue
                for v, w in adj[u]:
                    nd = d + w
                    if nd < dist[v]:
                        dist[v] = nd
                        heapq.heappush(pq, (nd, v))
            print(dist[n] if dist[n] < INF else -1)


        main()
        ''', [(_DJ_IN, _DJ_OUT)]),
    stdio("s8-cc-gcj-case-format", r'''
        def solve(a, b):
            return abs(a - b)


        T = int(input())
        for case in range(1, T + 1):
            a, b = map(int, input().split())
            print("Case #{}: {}".format(case, solve(a, b)))
        ''', [(_GCJ_IN, _GCJ_OUT)]),
    stdio("s8-cc-brackets-many-tests", r'''
        import sys

        PAIR = {")": "(", "]": "[", "}": "{"}


        def ok(s):
            st = []
            for ch in s:
                if ch in "([{":
                    st.append(ch)
                elif not st or st.pop() != PAIR[ch]:
                    return False
            return not st


        lines = sys.stdin.read().split("\n")
        t = int(lines[0])
        sys.stdout.write("".join("YES\n" if ok(lines[i].strip()) else "NO\n" for i in range(1, t + 1)))
        ''', [(_BR_IN, _BR_OUT)]),
    stdio("s8-cc-for-line-in-stdin", r'''
        import sys

        total = 0
        count = 0
        for line in sys.stdin:
            for tok in line.split():
                total += int(tok)
                count += 1
        print(count, total)
        ''', [(_SORT_IN, f"{len(_SORT) + 1} {len(_SORT) + sum(_SORT)}\n")]),
    stdio("s8-cc-numpy-read-buffer", r'''
        import sys
        import numpy as np

        data = np.array(sys.stdin.buffer.read().split(), dtype=np.int64)
        n = int(data[0])
        a = data[1:n + 1]
        print(int(a.sum()), int(a.min()), int(a.max()))
        ''', [(_SORT_IN, f"{sum(_SORT)} {min(_SORT)} {max(_SORT)}\n")]),
    stdio("s8-cc-numpy-fromstring-sort", r'''
        import sys
        import numpy as np

        sys.stdin.buffer.readline()
        a = np.fromstring(sys.stdin.buffer.readline(), dtype=np.int64, sep=" ")
        a.sort()
        sys.stdout.write("\n".join(map(str, a.tolist())))
        ''', [(_SORT_IN, _SORT_OUT)]),
    stdio("s8-cc-bit-fenwick-inversions", r'''
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            a = list(map(int, data[1:n + 1]))
            rank = {v: i + 1 for i, v in enumerate(sorted(set(a)))}
            m = len(rank)
            tree = [0] * (m + 1)
            inv = 0
            for seen, x in enumerate(a):
                r = rank[x]
                s = 0
                i = r
                while i > 0:
                    s += tree[i]
                    i -= i & -i
                inv += seen - s
                i = r
                while i <= m:
                    tree[i] += 1
                    i += i & -i
            print(inv)

        main()
        ''', [("5\n2 4 1 3 5\n", "3\n"), ("4\n4 3 2 1\n", "6\n"), ("3\n1 1 1\n", "0\n")]),
    stdio("s8-cc-matrix-power-fib", r'''
        import sys

        MOD = 10 ** 9 + 7


        def mul(a, b):
            return [[(a[0][0] * b[0][0] + a[0][1] * b[1][0]) % MOD, (a[0][0] * b[0][1] + a[0][1] * b[1][1]) % MOD],
                    [(a[1][0] * b[0][0] + a[1][1] * b[1][0]) % MOD, (a[1][0] * b[0][1] + a[1][1] * b[1][1]) % MOD]]


        def fib(n):
            result, base = [[1, 0], [0, 1]], [[1, 1], [1, 0]]
            while n:
                if n & 1:
                    result = mul(result, base)
                base = mul(base, base)
                n >>= 1
            return result[0][1]


        t = int(sys.stdin.readline())
        print("\n".join(str(fib(int(sys.stdin.readline()))) for _ in range(t)))
        ''', [("4\n1\n10\n100\n1000000000000000000\n", "1\n55\n687995182\n209783453\n")]),
    stdio("s8-cc-print-end-space", r'''
        n = int(input())
        a = list(map(int, input().split()))
        for x in reversed(a):
            print(x, end=" ")
        print()
        ''', [("5\n1 2 3 4 5\n", "5 4 3 2 1\n")]),
    stdio("s8-cc-exit-print", r'''
        import sys

        n = int(input())
        a = list(map(int, input().split()))
        if sorted(a) == a:
            exit(print(0))
        print(sum(1 for i in range(n - 1) if a[i] > a[i + 1]))
        ''', [("3\n1 2 3\n", "0\n"), ("4\n3 1 2 0\n", "2\n")]),
    stdio("s8-cc-strings-decode-buffer", r'''
        import sys

        input = lambda: sys.stdin.buffer.readline().decode().rstrip("\r\n")
        t = int(input())
        for _ in range(t):
            s = input()
            print("YES" if s == s[::-1] else "NO")
        ''', [("3\nabba\nabc\nx\n", "YES\nNO\nYES\n"), ("2\r\nab\r\naa\r\n", "NO\nYES\n")]),
    stdio("s8-cc-big-output-1e5-lines", r'''
        import sys

        n = int(sys.stdin.readline())
        sys.stdout.write("".join(f"{i} {i * i}\n" for i in range(1, n + 1)))
        ''', [("100000\n", "".join(f"{i} {i * i}\n" for i in range(1, 100_001)))]),
    stdio("s8-cc-print-loop-1e5", r'''
        n = int(input())
        for i in range(n):
            print(i % 7)
        ''', [("100000\n", "".join(f"{i % 7}\n" for i in range(100_000)))]),
    stdio("s8-cc-topological-kahn", r'''
        import sys
        import heapq

        def main():
            data = sys.stdin.read().split()
            n, m = int(data[0]), int(data[1])
            adj = [[] for _ in range(n + 1)]
            indeg = [0] * (n + 1)
            for i in range(m):
                a, b = int(data[2 + 2 * i]), int(data[3 + 2 * i])
                adj[a].append(b)
                indeg[b] += 1
            pq = [v for v in range(1, n + 1) if indeg[v] == 0]
            heapq.heapify(pq)
            order = []
            while pq:
                v = heapq.heappop(pq)
                order.append(v)
                for u in adj[v]:
                    indeg[u] -= 1
                    if indeg[u] == 0:
                        heapq.heappush(pq, u)
            print(" ".join(map(str, order)) if len(order) == n else "IMPOSSIBLE")

        main()
        ''', [("4 3\n1 2\n3 2\n2 4\n", "1 3 2 4\n"), ("2 2\n1 2\n2 1\n", "IMPOSSIBLE\n")]),
    stdio("s8-cc-two-pointers-window", r'''
        import sys

        data = sys.stdin.buffer.read().split()
        n, s = int(data[0]), int(data[1])
        a = list(map(int, data[2:2 + n]))
        best = 0
        lo = 0
        cur = 0
        for hi in range(n):
            cur += a[hi]
            while cur > s:
                cur -= a[lo]
                lo += 1
            best = max(best, hi - lo + 1)
        print(best)
        ''', [("5 7\n2 1 3 4 1\n", "3\n"), ("3 0\n1 1 1\n", "0\n")]),
    stdio("s8-cc-binary-search-answer", r'''
        import sys

        def feasible(a, k, cap):
            parts, cur = 1, 0
            for x in a:
                if cur + x > cap:
                    parts += 1
                    cur = 0
                cur += x
            return parts <= k

        def main():
            n, k = map(int, sys.stdin.readline().split())
            a = list(map(int, sys.stdin.readline().split()))
            lo, hi = max(a), sum(a)
            while lo < hi:
                mid = (lo + hi) // 2
                if feasible(a, k, mid):
                    hi = mid
                else:
                    lo = mid + 1
            print(lo)

        main()
        ''', [("5 2\n7 2 5 10 8\n", "18\n"), ("4 4\n1 2 3 4\n", "4\n")]),
    stdio("s8-cc-stdin-read-splitlines-strings", r'''
        import sys

        lines = sys.stdin.read().splitlines()
        n = int(lines[0])
        words = lines[1:1 + n]
        from collections import Counter
        c = Counter(words)
        for w, k in sorted(c.items(), key=lambda kv: (-kv[1], kv[0])):
            print(w, k)
        ''', [("5\nb\na\nb\nc\na\n", "a 2\nb 2\nc 1\n")]),
    stdio("s8-cc-map-input-split-sum-large", r'''
        n = int(input())
        print(sum(map(int, input().split())) % 998244353)
        ''', [(_SORT_IN, f"{sum(_SORT) % 998244353}\n")]),
    stdio("s8-cc-xor-basis", r'''
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            basis = [0] * 31
            for x in map(int, data[1:n + 1]):
                for b in range(30, -1, -1):
                    if not (x >> b) & 1:
                        continue
                    if not basis[b]:
                        basis[b] = x
                        break
                    x ^= basis[b]
            best = 0
            for b in range(30, -1, -1):
                best = max(best, best ^ basis[b])
            print(best)

        main()
        ''', [("3\n1 2 4\n", "7\n"), ("4\n8 8 3 5\n", "14\n")]),
    stdio("s8-cc-from-sys-import-stdin-stdout", r'''
        from sys import stdin, stdout

        n = int(stdin.readline())
        a = list(map(int, stdin.readline().split()))
        stdout.write(" ".join(map(str, sorted(a, reverse=True)[:3])) + "\n")
        ''', [("5\n4 9 1 7 3\n", "9 7 4\n")]),
    stdio("s8-cc-writelines", r'''
        import sys

        t = int(sys.stdin.readline())
        sys.stdout.writelines(f"{int(x) * 2}\n" for x in sys.stdin.read().split()[:t])
        ''', [("3\n1\n2\n3\n", "2\n4\n6\n")]),
    stdio("s8-cc-no-trailing-newline-input", r'''
        import sys

        input = sys.stdin.buffer.readline
        n = int(input())
        a = list(map(int, input().split()))
        print(sum(a) * n)
        ''', [("3\n1 2 3", "18\n")]),
    stdio("s8-cc-trailing-spaces-output", r'''
        n = int(input())
        for i in range(1, n + 1):
            for j in range(1, i + 1):
                print(j, end=" ")
            print()
        ''', [("3\n", "1\n1 2\n1 2 3\n")]),
    stdio("s8-cc-stderr-debug-prints", r'''
        import sys

        def debug(*args):
            print(*args, file=sys.stderr)

        n = int(input())
        a = list(map(int, input().split()))
        debug("read", n, a)
        ans = max(a) - min(a)
        debug("ans", ans)
        print(ans)
        ''', [("4\n3 8 1 5\n", "7\n")]),
    stdio("s8-cc-big-dp-table", r'''
        import sys

        n = int(sys.stdin.readline())
        grid = [[0] * n for _ in range(n)]
        for i in range(n):
            grid[i][0] = grid[0][i] = 1
        for i in range(1, 60):
            row, prev = grid[i], grid[i - 1]
            for j in range(1, 60):
                row[j] = (prev[j] + row[j - 1]) % 1000000007
        print(grid[59][59], sum(map(len, grid)))
        ''', [("3000\n", f"{math.comb(118, 59) % 1_000_000_007} 9000000\n")]),
    stdio("s8-cc-float-scientific-and-g", r'''
        import math

        t = int(input())
        for _ in range(t):
            x = float(input())
            print("{:.12g} {:.3e}".format(math.exp(x), math.exp(x)))
        ''', [("2\n0\n10\n", "1 1.000e+00\n22026.4657948 2.203e+04\n")]),
    stdio("s8-cc-numpy-vectorised-output", r'''
        import sys
        import numpy as np

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        a = np.array(data[1:n + 1], dtype=np.int64)
        pre = np.cumsum(a)
        sys.stdout.write("\n".join(map(str, pre.tolist())) + "\n")
        ''', [(_SORT_IN, "".join(f"{x}\n" for x in accumulate(_SORT)))]),
    stdio("s8-cc-sys-stdout-write-per-test-flush", r'''
        import sys

        w = sys.stdout.write
        t = int(sys.stdin.readline())
        for _ in range(t):
            a, b = map(int, sys.stdin.readline().split())
            w(str(a + b) + "\n")
        sys.stdout.flush()
        ''', [("3\n1 2\n-5 5\n1000000000000 1\n", "3\n0\n1000000000001\n")]),
]

# What breaks each case this sweep found failing in code_tests and left open, by layer: kept out of the corpus
# (`all_cases`) as KNOWN_FAILING; test_honest_corpus.py checks each still passes in plain Python and still fails
# here, so one that starts to pass moves to CASES (its id out of this dict).
KNOWN_FAILING_WHY: dict[str, str] = {
    "humaneval/s8-bcb-json-default-encoder-datetime":
        "transport, by design (docs/sandbox.md: only plain data goes in): the test's `task_func({'x': object()})`, "
        "expecting the completion's encoder to raise TypeError, is refused before the call: 'cannot pass a object "
        "into the sandbox: only plain data'",
    "humaneval/s8-bcb-mock-object-argument":
        "transport, by design (as json-default-encoder-datetime): a MagicMock standing in for a socket, which "
        "BigCodeBench's network tasks hand task_func, cannot go in: 'cannot pass a MagicMock into the sandbox: only "
        "plain data' (the job would have to call back into the test's object for each sendall and recv)",
    "humaneval/s8-bcb-tempdir-test-writes-csv-files":
        "files, documented (docs/sandbox.md: the test and the job never share files): the CSV files the test's "
        "setUp writes in its temp dir are not in the job's; os.listdir raises 'FileNotFoundError: [Errno 2] No such "
        "file or directory: /tmp/tmp...'",
    "humaneval/s8-bcb-tempdir-completion-writes-test-reads":
        "files, documented (as above): the JSON file the completion writes in the test's temp dir is the job's; the "
        "test's os.path.exists(path) is False ('AssertionError: False is not true')",
    "humaneval/s8-bcb-stdlib-exception-subprocess":
        "sandbox, documented (docs/sandbox.md, what completion code cannot do: start subprocesses): "
        "subprocess.run([sys.executable, '-c', ...]) raises 'PermissionError: [Errno 1] Operation not permitted'",
}

_ALL: list[Case] = [*BIGCODEBENCH, *BCB_FILES_AND_MOCKS, *BCB_MORE, *CALL_BASED, *LIVECODEBENCH, *CODECONTESTS]
CASES: list[Case] = [c for c in _ALL if c.id not in KNOWN_FAILING_WHY]
KNOWN_FAILING: list[Case] = [c for c in _ALL if c.id in KNOWN_FAILING_WHY]
