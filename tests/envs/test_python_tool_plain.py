"""The ``python`` tool against plain Python: a rollout's replies, call by call, are what one ``python3`` process
running the same cells in order prints (issue 37), on one slot, across slots and across a slot's restart.

The reference (tests/envs/plain_python.py) is the same interpreter in a subprocess that runs every cell in one
namespace, REPL-style (output, then ``Out: <repr>`` of a last bare expression, then the exception's last line), with
`random` seeded as the rollout's and the hash seed every sandbox slot gets (`rewards.sandbox.layers.WORKER_ENV`)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from plain_python import plain

from envs.tools.python import REFUSED_HINT, PythonSession, PythonToolConfig
from rewards.sandbox.local import Sandbox

CONFIG = PythonToolConfig(timeout=2.0, max_output_chars=500, max_calls=16, slots=1)
REAL_CLOCK = replace(CONFIG, private_clock=False)  # cells may start threads (the default profile to come)
STRICT = replace(CONFIG, private_clock=True)  # a clock of its own: no threads or processes

# One honest rollout: state built in one cell and read in later ones, hash-ordered containers, random draws.
ROLLOUT = [
    "words = {'apple', 'banana', 'cherry', 'date', 'elderberry', 'fig', 'grape', 'kiwi'}\nprint(list(words))",
    "counts = {w: len(w) for w in words}\nlist(counts)",
    "print(list(words))\nfrozenset(str(i) for i in range(12))",
    "import random\ndraws = [random.random() for _ in range(3)]\nprint(draws)",
    "random.randint(0, 10**9), draws[0]",
    "seen = set()\nfor w in words:\n    seen.add(w[0])\n''.join(seen)",
    "{b'x', b'yy', b'zzz', (1, 'a'), (2, 'b')}",
    "print([12], [1, 2], ['a'], '[abc]', [True], [None])\n[12]",
    "print(list(words))\nrandom.choice(sorted(words))",
]


def test_a_rollout_reads_what_one_plain_python_process_prints():
    session = PythonSession(CONFIG)
    assert [session.run(cell) for cell in ROLLOUT] == plain(ROLLOUT, session.seed)


def test_calls_on_two_slots_see_the_same_orders_and_draws():
    """Calls alternate between the slots (each call's slot tears down while the next call runs on the other)."""
    with Sandbox(replace(CONFIG, slots=2).sandbox()) as box:
        session = PythonSession(CONFIG, sandbox=box)
        replies = [session.run(cell) for cell in ROLLOUT]
    assert replies == plain(ROLLOUT, session.seed)


def test_a_slot_restart_changes_nothing_a_later_call_sees():
    with Sandbox(CONFIG.sandbox()) as box:
        session = PythonSession(CONFIG, sandbox=box)
        first = [session.run(cell) for cell in ROLLOUT[:4]]
    assert box.closed  # the next calls run in new slot processes (the process-wide sandbox)
    rest = [session.run(cell) for cell in ROLLOUT[4:]]
    assert session.sandbox is not box
    assert first + rest == plain(ROLLOUT, session.seed)


def test_a_set_printed_again_keeps_its_order_whatever_the_hash_seed_of_plain_python():
    session = PythonSession(replace(CONFIG, slots=2))
    cell = "print(list(s))"
    first = session.run("s = {str(i) * 3 for i in range(40)}\n" + cell)
    assert all(session.run(cell) == first for _ in range(5))


def test_a_long_value_is_cut_with_the_count_of_what_was_dropped():
    session = PythonSession(CONFIG)
    cells = ["'x' * 5000", "list(range(2000))", "print('y' * 1000)\n'z' * 3000",
             "print('y' * 1000, end='')\n'z' * 3000", "print('y' * 499 + '\\n' * 3)\n'z' * 3000",
             "print('y' * 500 + '\\n' + 'y', end='')\n'z' * 3000"]
    for cell, full in zip(cells, plain(cells, session.seed)):
        reply = session.run(cell)
        shown, mark = reply.split("\n[truncated: ")
        assert full.startswith(shown) and len(reply) <= CONFIG.max_output_chars
        assert mark == f"{len(full) - len(shown)} more characters]", (cell, mark)


# Held-out honest rollouts (issue 37's sweep, 2026-12-04), each matching plain Python at the defaults. Not here, by
# design: a "\r" the model's reply shows escaped (`rewards.untrusted.clean`), a warning's file name (each cell is its
# own "<cell N>" where this reference compiles "<cell>"), and threads in the strict profile.
SESSIONS = {
    "stdout-write-no-newline-then-value": ["import sys\nsys.stdout.write('abc')\n1 + 1"],
    "tabs": ["print('a\\tb\\tc')\nprint(*'xyz', sep='\\t')"],
    "generator-state-across-cells": ["g = (i * i for i in range(10))", "next(g)", "next(g), next(g)", "list(g)"],
    "seeded-numpy-across-cells": ["import numpy as np\nnp.random.seed(0)\nnp.random.randint(0, 100, 3)",
                                  "np.random.randint(0, 100, 3)"],
    "deep-recursion-across-cells": ["import sys\nsys.setrecursionlimit(10000)",
                                    "def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)\nd(5000)"],
    "library-reprs": ["from collections import Counter\nfrom decimal import Decimal\nCounter('hello')",
                      "Decimal('1.10') * 3", "from fractions import Fraction\nFraction(3, 6)"],
    "exception-lines": ["def f():\n    raise KeyError('missing')\nf()", "1/0", "int('x')"],
    "class-across-cells-pickled": ["import pickle\nclass P:\n    def __init__(self, x):\n        self.x = x",
                                   "pickle.loads(pickle.dumps(P(3))).x"],
    "input-at-eof": ["input()"],
    "thread-joined": ["import threading\nout = []\nt = threading.Thread(target=lambda: out.append(7))\n"
                      "t.start(); t.join()\nout"],
    "floats-and-big-ints": ["print(0.1 + 0.2, 1e300 * 10, -0.0)\n2 ** 200", "print(f'{2/3:.5f}', round(2.5))"],
    "set-of-strings-order": ["s = {'pear', 'apple', 'fig', 'kiwi', 'plum'}\nprint(s)",
                             "s.add('lime')\nsorted(s) == sorted(list(s)), s"],
    "unicode-output": ["print('caf\u00e9 \u2603 \u00fc\u00df')\n'\u00e9'"],
    "brackets-printed": ["print([1, [2, [3]]], ['ab'], {'k': [10]})"],
}

# A third sweep (2026-12-04): heapq, lru_cache, enums and ordered frozen dataclasses, NamedTuple and __slots__,
# ints past 4,300 digits, nan/inf/-0.0, itertools, bytes and memoryview, re match objects, print's sep/end,
# ChainMap/deque/OrderedDict, yield from and send, sys.exit in a cell, objects with __lt__/__hash__, input at
# EOF in a loop, deepcopy and a list holding itself.
SESSIONS.update({
    'heap-across-cells': [
        'import heapq\nh = [5, 1, 4]\nheapq.heapify(h)\nh',
        'heapq.heappush(h, 0)\n[heapq.heappop(h) for _ in range(2)]',
        'h',
    ],
    'lru-cache-info': [
        'from functools import lru_cache\n@lru_cache(None)\ndef fib(n):\n'
        '    return n if n < 2 else fib(n-1) + fib(n-2)\nfib(80)',
        'fib.cache_info()',
        'fib(90)\nfib.cache_info().hits',
    ],
    'enum-and-dataclass-reprs': [
        'from enum import Enum\nclass C(Enum):\n    R = 1\n    G = 2\nC.R',
        'list(C)',
        'from dataclasses import dataclass\n@dataclass(order=True, frozen=True)\nclass P:\n    x: int\n'
        '    y: int = 0\nsorted([P(2), P(1, 5)])',
        '{P(1), P(1)}',
    ],
    'namedtuple-slots': [
        'from typing import NamedTuple\nclass Pt(NamedTuple):\n    x: int\n    y: int\np = Pt(1, 2)\np',
        'p._replace(x=9), p._asdict()',
        "class S:\n    __slots__ = ('a',)\n    def __init__(self): self.a = 1\ns = S()\ntry:\n    s.b = 2\n"
        "except AttributeError as e:\n    print('AE', e)",
    ],
    'bigint-and-limits': [
        'x = 3 ** 10000\nlen(str(x))',
        'str(10 ** 5000)',
        'import sys\nsys.set_int_max_str_digits(0)\nlen(str(10 ** 5000))',
    ],
    'nan-inf-negzero': [
        "import math\nfloat('nan'), float('inf'), -float('inf'), -0.0",
        "math.isnan(float('nan')), [float('nan')] == [float('nan')]",
        'complex(1, -0.0), 1j ** 2',
    ],
    'itertools-mix': [
        'from itertools import groupby, accumulate, tee, islice, count, starmap\n'
        "[(k, len(list(g))) for k, g in groupby('aaabcc')]",
        'list(accumulate([1, 2, 3], initial=10))',
        'a, b = tee(count())\nnext(b)\nlist(islice(zip(a, b), 3))',
        'list(starmap(pow, [(2, 3), (3, 2)]))',
    ],
    'bytes-bytearray-memoryview': [
        "b = bytearray(b'hello')\nb[0] = 72\nb",
        'm = memoryview(b)\nm[1:3].tobytes(), bytes(m[::-1])',
        "b'\\x00\\xff'.hex(), bytes(range(5))",
    ],
    're-and-string': [
        "import re, string\nm = re.match(r'(?P<w>\\w+) (\\d+)', 'abc 42')\nm",
        'm.groups(), m.groupdict(), m.span(2)',
        'string.ascii_letters[:5], string.punctuation',
    ],
    'print-sep-end-stdout': [
        "import sys\nprint(1, 2, 3, sep='-', end='|')\nprint('x')",
        "sys.stdout.write('no newline')",
        "print(*range(5), sep='\\n')",
    ],
    'chainmap-deque-counter': [
        "from collections import ChainMap, deque, Counter, OrderedDict\ncm = ChainMap({'a': 1}, {'a': 2, 'b': 3})\n"
        "cm['a'], cm['b'], cm",
        'd = deque(range(5), maxlen=3)\nd.rotate(1)\nd',
        "od = OrderedDict(a=1, b=2)\nod.move_to_end('a')\nod",
        "Counter('abracadabra').most_common(2)",
    ],
    'generators-yield-from': [
        "def gen():\n    yield from range(3)\n    return 'done'\ng = gen()\nnext(g), next(g)",
        'list(g)',
        'def inner():\n    x = yield 1\n    yield x * 2\ng2 = inner()\nnext(g2), g2.send(21)',
    ],
    'sys-exit-in-cell': [
        'x = 1',
        'import sys\nsys.exit(3)',
        'x + 1',
    ],
    'sort-objects-lt-hash': [
        'class V:\n    def __init__(self, v): self.v = v\n    def __lt__(self, o): return self.v < o.v\n'
        '    def __eq__(self, o): return self.v == o.v\n    def __hash__(self): return hash(self.v)\n'
        "    def __repr__(self): return f'V({self.v})'\nsorted([V(3), V(1)])",
        '{V(1), V(1), V(2)}',
        'max(V(i) for i in range(4))',
    ],
    'input-eof-loop': [
        'lines = []\nwhile True:\n    try:\n        lines.append(input())\n    except EOFError:\n        break\n'
        'lines',
    ],
    'deepcopy-and-mutation': [
        'import copy\na = [[1], [2]]\nb = copy.deepcopy(a)\nb[0].append(9)\na, b',
        'a.append(a)\na',
        "x = {'k': [1]}\ny = dict(x)\ny['k'].append(2)\nx",
    ],
})


# A fifth sweep (2026-12-05): seeded and unseeded random with its state saved and restored, dict and set order
# after deletes, classes and subclasses changed across cells, a generator read in three cells, float and stdlib
# reprs, exceptions then the state they left, lru_cache with a global, numpy printing and print options,
# itertools state, a RecursionError then more cells, closures and mutable defaults, deleted names: each matched
# plain Python. Not here, by design: a warning's file name and a reply past max_output_chars (both above).
SESSIONS.update({
    "s5-random-seeded-state-across-cells": [
        "import random\nrandom.seed(42)\nxs = [random.randint(1, 100) for _ in range(5)]\nxs",
        "random.shuffle(xs)\nxs",
        "state = random.getstate()\na = random.random()\nrandom.setstate(state)\nb = random.random()\na == b, a",
        "random.sample(range(1000), 4), random.choices('abc', k=5)",
    ],
    "s5-unseeded-random-then-seed": [
        "import random\nx = random.random()\n0 <= x < 1",
        "random.seed('text seed')\nrandom.random()",
        "rng = random.Random(7)\n[rng.randrange(10) for _ in range(6)]",
    ],
    "s5-dict-set-order-after-deletes": [
        "d = {k: k * k for k in range(10)}\nfor k in (3, 5, 7):\n    del d[k]\nd[3] = 'back'\nd",
        "s = set(range(20, 0, -3))\ns.discard(11)\ns.add(100)\nsorted(s), len(s)",
        "list({'b': 1, 'a': 2} | {'c': 3, 'b': 4})",
        "s2 = {'zeta', 'alpha', 'mu'}\nprint(s2)\nprint(s2 | {'beta'})",
    ],
    "s5-class-across-cells-with-repr-and-subclass": [
        "class Animal:\n    def __init__(self, name):\n        self.name = name\n"
        "    def speak(self):\n        return '...'\n"
        "    def __repr__(self):\n        return f'{type(self).__name__}({self.name!r})'",
        "class Dog(Animal):\n    def speak(self):\n        return 'woof'\npets = [Dog('rex'), Animal('generic')]\npets",
        "[p.speak() for p in pets], isinstance(pets[0], Animal)",
        "Animal.speak = lambda self: 'changed'\n[p.speak() for p in pets]",
    ],
    "s5-generator-partially-consumed-across-cells": [
        "def countdown(n):\n    while n > 0:\n        yield n\n        n -= 1\n    print('liftoff')\n"
        "g = countdown(4)\nnext(g)",
        "[x for _, x in zip(range(2), g)]",
        "list(g)",
        "next(g, 'exhausted')",
    ],
    "s5-float-printing-corners": [
        "print(1/3, 2/3, 1e-7, 1e16, 123456789.123456789)",
        "print(round(2.675, 2), f'{2.675:.2f}', format(1e-5, 'g'), '%.3e' % 12345.678)",
        "import math\nmath.pi, math.e, math.tau, -math.inf, math.nan",
        "[0.1 * 3, sum([0.1] * 10), 1.0, 1e22, 1e21]",
        "print(float('1e500'), float('-0'), 3.0 == 3, 7 / 7)",
    ],
    "s5-reprs-of-stdlib-values": [
        "from fractions import Fraction\nfrom decimal import Decimal\nfrom datetime import date, datetime, timedelta\n"
        "[Fraction(1, 3), Decimal('0.1') + Decimal('0.2'), date(2024, 2, 29), timedelta(days=1, seconds=5)]",
        "datetime(2020, 1, 2, 3, 4, 5, 6)",
        "from collections import namedtuple, defaultdict\nP = namedtuple('P', 'x y')\n"
        "d = defaultdict(list)\nd['k'].append(P(1, 2))\nd",
        "import array\narray.array('i', [1, 2]), bytearray(b'\\x00ab'), memoryview(b'x').nbytes",
        "import enum\nclass Color(enum.Enum):\n    RED = 1\nColor.RED, repr(Color.RED), str(Color.RED)",
    ],
    "s5-exceptions-shown-then-state-kept": [
        "x = 10\ndef f(n):\n    return 10 // n\nf(0)",
        "x += 1\nraise ValueError('bad value', 42)",
        "x",
        "try:\n    [][1]\nexcept IndexError as e:\n    print('caught', e)\n{}['missing']",
        "class MyErr(Exception):\n    pass\nraise MyErr('custom message')",
        "import json\njson.loads('{bad')",
    ],
    "s5-traceback-printed-by-cell": [
        "import traceback\ndef g():\n    raise RuntimeError('boom')\ntry:\n    g()\nexcept RuntimeError:\n"
        "    print(traceback.format_exc().splitlines()[-1])",
        "import sys\nprint('to stderr', file=sys.stderr)\nprint('to stdout')",
    ],
    "s5-unicode-and-escapes-repr": [
        "s = 'na\\u00efve caf\\u00e9 \\U0001F600 \\t tab'\ns",
        "print(s)\nlen(s), s.encode('utf-8')[:12]",
        "'\\x00\\x07\\\\', 'quote\\'s', \"dq\\\"\"",
    ],
    "s5-lru-cache-and-globals-across-cells": [
        "from functools import lru_cache\nCALLS = 0\n@lru_cache(None)\n"
        "def sq(n):\n    global CALLS\n    CALLS += 1\n    return n * n",
        "[sq(i % 3) for i in range(9)], CALLS",
        "sq.cache_clear()\nsq(2), CALLS",
    ],
    "s5-dataclass-and-sorting-across-cells": [
        "from dataclasses import dataclass, field\n@dataclass(order=True)\n"
        "class Task:\n    priority: int\n    name: str = field(compare=False)\n"
        "tasks = [Task(3, 'c'), Task(1, 'a'), Task(2, 'b')]",
        "sorted(tasks)",
        "import heapq\nheapq.heapify(tasks)\nheapq.heappop(tasks), tasks",
    ],
    "s5-numpy-printing": [
        "import numpy as np\na = np.arange(12).reshape(3, 4)\na",
        "print(a.mean(axis=0))\na.dtype, a.shape",
        "np.array([0.1, 1/3, 1e-8]), np.float64(1/3), np.int64(7)",
        "np.set_printoptions(precision=3)\nnp.array([1/3, 2/3])",
    ],
    "s5-itertools-state-across-cells": [
        "import itertools\nc = itertools.count(10, 5)\nnext(c), next(c)",
        "cyc = itertools.cycle('ab')\n[next(cyc) for _ in range(5)]",
        "next(c)",
        "list(itertools.islice(c, 3))",
    ],
    "s5-sys-recursion-and-error": [
        "def r(n):\n    return r(n + 1)\nr(0)",
        "import sys\nsys.getrecursionlimit()",
        "'still alive'",
    ],
    "s5-mutable-default-and-closure-across-cells": [
        "def add(x, acc=[]):\n    acc.append(x)\n    return acc\nadd(1)",
        "add(2)",
        "def counter():\n    n = 0\n    def inc():\n        nonlocal n\n"
        "        n += 1\n        return n\n    return inc\n"
        "c = counter()\nc(), c()",
        "c()",
    ],
    "s5-input-and-print-without-newline": [
        "print('a', end='')\nprint('b', end='')",
        "print()",
        "print('x', flush=True); print('y', sep='', end='\\n\\n')",
    ],
    "s5-regex-and-string-methods": [
        "import re\nre.findall(r'\\d+', 'a1b22c333')",
        "re.sub(r'(\\w)(\\w*)', lambda m: m[1].upper() + m[2], 'hello big world')",
        "m = re.search(r'(?P<y>\\d{4})-(?P<m>\\d\\d)', 'on 2024-05-01')\nm",
        "m.groupdict(), 'a,b,,c'.split(','), '  x  '.strip(), 'abc'.center(9, '*')",
    ],
    "s5-delete-names-and-nameerror": [
        "a = 1\nb = 2\ndel a\nb",
        "a",
        "globals().get('a', 'gone'), 'b' in dir()",
    ],
})

@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_held_out_rollouts_read_what_plain_python_prints(name):
    session = PythonSession(REAL_CLOCK)
    cells = SESSIONS[name]
    assert [session.run(cell) for cell in cells] == plain(cells, session.seed)


THREAD_CELLS = [
    "from multiprocessing.pool import ThreadPool\nwith ThreadPool(2) as pool:\n"
    "    squares = pool.map(abs, [-1, -2, 3])\nsquares",
    "import multiprocessing.dummy\nwith multiprocessing.dummy.Pool(3) as pool:\n"
    "    print(sorted(pool.imap_unordered(len, ['a', 'bb', 'ccc'])))\npool.apply(max, (3, 4))",
    "from concurrent.futures import ThreadPoolExecutor\nwith ThreadPoolExecutor(4) as ex:\n"
    "    cubes = list(ex.map(lambda x: x ** 3, range(5)))\ncubes",
    "import threading\nt = threading.Thread(target=print, args=('from a thread',))\nt.start()\nt.join()",
    "squares + cubes",
]


def test_thread_pools_and_threads_run_with_the_real_clock():
    session = PythonSession(REAL_CLOCK)
    assert [session.run(cell) for cell in THREAD_CELLS] == plain(THREAD_CELLS, session.seed)


@pytest.mark.parametrize("cell", THREAD_CELLS[:4])
def test_strict_cells_are_told_they_cannot_start_threads(cell):
    session = PythonSession(STRICT)
    assert session.sandbox.config.private_clock
    reply = session.run(cell)
    assert reply.endswith(REFUSED_HINT), reply
