"""A held-out sweep of the ``python`` tool against plain Python (issue 37, tenth sweep, 2026-12-05): 125 rollouts
written the way a policy uses the tool in math, data and agentic-coding envs (fractions and decimals, sets and
dicts printed, functions, classes and dataclasses defined in one cell and used in later ones, seeded and unseeded
`random`, generators and `lru_cache` state kept across cells, honest mistakes then a fixed cell, long output, numpy,
datetime, logging, doctest and unittest, asyncio, sqlite3, pandas). Each is first run twice in plain Python
(tests/envs/plain_python.py: one process, one stdout, the cells in ``__main__``) and must read the same both times;
then the tool at its defaults (`PythonToolConfig()`) must answer every call as that process printed it. A reply cut
at ``max_output_chars`` matches when what it shows is the start of the plain output and its mark counts the rest (the
count may take in the output's last newline, which a reply strips). The strict profile (``private_clock=True``)
matched the same rollouts but for ``asyncio-run-and-gather``: its event loop is refused there, with the hint that
cells cannot start threads or processes (docs/tools.md); it is not asserted here.

Found by this sweep and fixed in `envs.tools.python.RUNNER` (117 of the 125 matched before): a logging handler or a
saved ``sys.stdout.write`` made in an earlier cell wrote into the replay's silenced stream, so its later output was
lost (one `_Capture` now serves every cell of a job); ``sys.stdout.writelines``, ``.encoding`` and
``.reconfigure(encoding="utf-8")`` were missing; the cells' namespace was not ``sys.modules["__main__"]``, so pickle
failed on a cell's class and ``doctest.testmod()`` / ``unittest.main()`` found nothing (the old reference had the
same fault, so it hid it); numpy's global generator, seeded from os.urandom at import, drew new numbers at every
replay, so an array a cell showed read differently at the next call (now seeded with the rollout's seed when a cell
names numpy, pandas, scipy or sklearn). Left: recursion within 12 frames of the limit (`XFAIL`)."""

from __future__ import annotations

import re

import pytest
from plain_python import plain

from envs.tools.python import PythonSession, PythonToolConfig

DEFAULTS = PythonToolConfig()
MARK = re.compile(r"\n\[truncated: (\d+) more characters\]")

ROLLOUTS: dict[str, list[str]] = {}

# --- math: fractions, decimal, exact arithmetic
ROLLOUTS['frac-sum-series'] = [
    'from fractions import Fraction\ntotal = sum(Fraction(1, k * (k + 1)) for k in range(1, 50))\ntotal',
    'print(total, float(total))\ntotal.numerator, total.denominator',
    "Fraction('3.1415926').limit_denominator(1000)",
]
ROLLOUTS['decimal-precision-across-cells'] = [
    'from decimal import Decimal, getcontext\ngetcontext().prec = 40',
    'Decimal(2).sqrt()',
    'print(Decimal(1) / Decimal(7))\ngetcontext().prec',
    "Decimal('0.1') * 3 == Decimal('0.3'), Decimal('1.30').normalize()",
]
ROLLOUTS['decimal-rounding-money'] = [
    "from decimal import Decimal, ROUND_HALF_UP\nprice = Decimal('19.995')\n"
    "price.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)",
    "items = [Decimal('2.50'), Decimal('3.75'), Decimal('0.10')]\nsubtotal = sum(items)\n"
    "print(f'Subtotal: ${subtotal}')",
    "tax = (subtotal * Decimal('0.0825')).quantize(Decimal('0.01'))\n"
    "print(f'Tax: {tax}, Total: {subtotal + tax}')",
]
ROLLOUTS['gcd-lcm-modpow'] = [
    'import math\nmath.gcd(462, 1071), math.lcm(4, 6, 10)',
    'pow(3, 200, 1000007), pow(7, -1, 13)',
    'math.comb(52, 5), math.perm(10, 3), math.factorial(25)',
    'math.isqrt(10**20 + 12345), divmod(-17, 5)',
]
ROLLOUTS['primes-sieve'] = [
    'def sieve(n):\n    is_p = [True] * (n + 1)\n    is_p[0] = is_p[1] = False\n'
    '    for i in range(2, int(n ** 0.5) + 1):\n        if is_p[i]:\n'
    '            for j in range(i * i, n + 1, i):\n                is_p[j] = False\n'
    '    return [i for i, p in enumerate(is_p) if p]\nprimes = sieve(200)\nlen(primes)',
    'print(primes[:15])\nprimes[-3:]',
    'sum(primes), max(b - a for a, b in zip(primes, primes[1:]))',
]
ROLLOUTS['gsm8k-style-arith'] = [
    'apples = 48\neaten = apples // 4\nleft = apples - eaten\nprint(left)',
    'given = left * 2 / 3\nprint(given)\nleft - given',
    'round(left - given), int(left - given)',
]
ROLLOUTS['big-int-factorial-digits'] = [
    'import math\nf = math.factorial(200)\nlen(str(f))',
    'sum(int(d) for d in str(f))',
    'str(f)[:30], f % (10**9 + 7)',
    '2 ** 256 - 1',
]
ROLLOUTS['big-int-fib'] = [
    'a, b = 0, 1\nfor _ in range(300):\n    a, b = b, a + b\na',
    'a.bit_length(), hex(a)[:20]',
    "print(f'{a:,}'[:40])",
]
ROLLOUTS['float-repr-and-format'] = [
    'x = 0.1 + 0.2\nx, x == 0.3',
    'import math\nmath.isclose(x, 0.3), round(x, 2)',
    'print(1/7, 1e-10, 12345678901234567890.0, 2**0.5)',
    "[f'{v:.3f}' for v in (1/3, 2/3, 10/3)]",
    "float('inf') > 1e308, 1e308 * 10, -1e308 * 10",
]
ROLLOUTS['fstring-format-specs'] = [
    "n = 1234567.891\nprint(f'{n:,.2f}|{n:>15.1f}|{n:e}|{n:.3g}')",
    "pct = 0.4567\nprint(f'{pct:.1%} {42:08b} {255:#x} {255:X} {7:03d}')",
    "name = 'Ada'\nprint(f'{name!r:>8}|{name:^9}|{name:*<6}|')",
    "from datetime import date\nd = date(2024, 3, 9)\nf'{d:%Y/%m/%d} {d:%A}'",
    'width = 10\nf\'{3.14159:{width}.3f}\', f\'{"x":=^{width}}\'',
]
ROLLOUTS['percent-and-format-method'] = [
    "'%5.2f | %-6s| %03d' % (3.14159, 'ab', 7)",
    "'{0} {1} {0}'.format('a', 'b'), '{:>6}'.format('hi'), '{:,}'.format(10**9)",
    "print('%s has %d items costing %.2f' % ('cart', 3, 9.5))",
]
ROLLOUTS['set-of-strings-printed-then-extended'] = [
    "tags = {'python', 'rust', 'go', 'java', 'c', 'haskell'}\nprint(tags)",
    "tags.update({'kotlin', 'swift'})\ntags.discard('c')\nprint(tags)",
    'sorted(tags), len(tags)',
    '{t for t in tags if len(t) > 4}',
]
ROLLOUTS['set-ops-on-words'] = [
    "a = set('mississippi')\nb = set('missouri')\na, b",
    'a & b, a | b, a - b, a ^ b',
    "''.join(sorted(a | b))",
]
ROLLOUTS['dict-word-freq'] = [
    "text = 'the quick brown fox jumps over the lazy dog the fox'\nfreq = {}\nfor w in text.split():\n"
    '    freq[w] = freq.get(w, 0) + 1\nfreq',
    'sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]',
    'max(freq, key=freq.get), list(freq.keys())[:4]',
    'inv = {}\nfor k, v in freq.items():\n    inv.setdefault(v, []).append(k)\ninv',
]
ROLLOUTS['dict-comprehension-and-merge'] = [
    'squares = {i: i * i for i in range(6)}\ncubes = {i: i ** 3 for i in range(3, 8)}\n{**squares, **cubes}',
    "squares | {0: 'zero'}",
    '{k: v for k, v in sorted(cubes.items(), reverse=True)}',
]
ROLLOUTS['nested-dict-print'] = [
    "data = {'users': [{'name': 'ann', 'age': 31}, {'name': 'bob', 'age': 27}], 'count': 2}\nprint(data)",
    "data['users'].append({'name': 'cy', 'age': 40})\ndata['count'] += 1\ndata",
    "[u['name'] for u in sorted(data['users'], key=lambda u: u['age'])]",
]
ROLLOUTS['set-with-none-and-mixed'] = [
    "vals = {None, 1, 'a', 2.5, (1, 2)}\nprint(vals)",
    'vals.discard(None)\nvals',
]
ROLLOUTS['frozenset-and-tuple-keys'] = [
    "edges = {frozenset({'a', 'b'}), frozenset({'b', 'c'}), frozenset({'a', 'b'})}\nlen(edges), edges",
    'grid = {(r, c): r * 3 + c for r in range(3) for c in range(3)}\ngrid[(1, 2)], list(grid)[:4]',
]
ROLLOUTS['set-of-ints-large'] = [
    's = {x * 7919 % 1000 for x in range(40)}\nprint(s)',
    's2 = {-1, -5, 100, 2**40, 3}\ns2',
]
ROLLOUTS['counter-anagram-groups'] = [
    'from collections import Counter, defaultdict\n'
    "words = ['listen', 'silent', 'enlist', 'google', 'gooegl', 'cat', 'act']\ngroups = defaultdict(list)\n"
    "for w in words:\n    groups[''.join(sorted(w))].append(w)\ndict(groups)",
    'Counter(len(w) for w in words)',
    "c = Counter('hello world')\nc.most_common(3), c['l'], c['z']",
    "c.update('lll')\nc - Counter('hello'), sum(c.values())",
]
ROLLOUTS['deque-bfs-grid'] = [
    "from collections import deque\ngrid = ['S.#.', '..#.', '...E']\nstart = (0, 0)",
    'def bfs(grid, start):\n    R, C = len(grid), len(grid[0])\n    q = deque([(start, 0)])\n'
    "    seen = {start}\n    while q:\n        (r, c), d = q.popleft()\n        if grid[r][c] == 'E':\n"
    '            return d\n        for dr, dc in ((1,0),(-1,0),(0,1),(0,-1)):\n'
    '            nr, nc = r + dr, c + dc\n'
    "            if 0 <= nr < R and 0 <= nc < C and grid[nr][nc] != '#' and (nr, nc) not in seen:\n"
    '                seen.add((nr, nc))\n                q.append(((nr, nc), d + 1))\n    return -1\n'
    'bfs(grid, start)',
    "grid[1] = '....'\nbfs(grid, start)",
]
ROLLOUTS['itertools-combinatorics'] = [
    'from itertools import permutations, combinations, product, combinations_with_replacement\n'
    "list(combinations('abcd', 2))",
    'len(list(permutations(range(5), 3))), list(product([0, 1], repeat=3))[:4]',
    'sum(1 for c in combinations(range(1, 11), 3) if sum(c) == 15)',
    "list(combinations_with_replacement('xy', 2))",
]
ROLLOUTS['itertools-chain-zip-longest'] = [
    "from itertools import chain, zip_longest, pairwise, batched\nlist(chain([1, 2], 'ab', (None,)))",
    "list(zip_longest('abc', [1], fillvalue='-'))",
    'list(pairwise([1, 4, 9, 16]))',
    'list(batched(range(7), 3))',
]
ROLLOUTS['namedtuple-and-ordereddict'] = [
    "from collections import namedtuple, OrderedDict\nCard = namedtuple('Card', ['rank', 'suit'])\n"
    "hand = [Card('A', 's'), Card('10', 'h')]\nhand",
    'hand[0].rank, hand[1]._asdict()',
    "od = OrderedDict()\nfor c in 'banana':\n    od[c] = od.get(c, 0) + 1\nod",
]
ROLLOUTS['heapq-topk'] = [
    "import heapq\nscores = [(88, 'ann'), (95, 'bob'), (70, 'cy'), (95, 'al'), (60, 'dee')]\n"
    'heapq.nlargest(3, scores)',
    'heapq.nsmallest(2, scores, key=lambda s: s[0])',
    'h = []\nfor s in scores:\n    heapq.heappush(h, s)\n[heapq.heappop(h)[1] for _ in range(len(h))]',
]
ROLLOUTS['function-defined-then-used'] = [
    "def is_palindrome(s):\n    s = ''.join(ch.lower() for ch in s if ch.isalnum())\n    return s == s[::-1]",
    "is_palindrome('A man, a plan, a canal: Panama'), is_palindrome('hello')",
    "[w for w in ['level', 'world', 'Racecar', 'noon!'] if is_palindrome(w)]",
]
ROLLOUTS['function-redefined-fix'] = [
    'def average(xs):\n    return sum(xs) / len(xs)\naverage([])',
    'def average(xs):\n    return sum(xs) / len(xs) if xs else 0.0\naverage([]), average([1, 2, 4])',
    'average(range(10))',
]
ROLLOUTS['class-bank-account'] = [
    'class Account:\n    interest = 0.02\n    def __init__(self, owner, balance=0):\n'
    '        self.owner = owner\n        self.balance = balance\n    def deposit(self, amt):\n'
    "        if amt <= 0:\n            raise ValueError('deposit must be positive')\n"
    '        self.balance += amt\n        return self.balance\n    def __repr__(self):\n'
    "        return f'Account({self.owner!r}, {self.balance})'",
    "acct = Account('ann', 100)\nacct.deposit(50)\nacct",
    'acct.deposit(-5)',
    "try:\n    acct.deposit(0)\nexcept ValueError as e:\n    print('Error:', e)\nacct.balance",
    'Account.interest = 0.05\nacct.balance * (1 + acct.interest)',
]
ROLLOUTS['dataclass-inventory'] = [
    'from dataclasses import dataclass, field, asdict\n@dataclass\nclass Item:\n    name: str\n'
    '    price: float\n    qty: int = 1\n    tags: list = field(default_factory=list)\n    def total(self):\n'
    '        return self.price * self.qty',
    "inv = [Item('pen', 1.5, 10), Item('book', 12.0, 2, ['paper']), Item('mug', 8.25)]\ninv",
    'sum(i.total() for i in inv), max(inv, key=Item.total).name',
    'asdict(inv[1])',
    'import json\nprint(json.dumps([asdict(i) for i in inv], indent=2))',
]
ROLLOUTS['dataclass-frozen-error'] = [
    'from dataclasses import dataclass\n@dataclass(frozen=True)\nclass Point:\n    x: float\n    y: float\n'
    '    def dist(self, other):\n        return ((self.x - other.x) ** 2 + (self.y - other.y) ** 2) ** 0.5\n'
    'p, q = Point(0, 0), Point(3, 4)\np.dist(q)',
    'p.x = 5',
    'from dataclasses import replace\nreplace(p, x=5), {p, q, Point(0, 0)}',
]
ROLLOUTS['class-inheritance-shapes'] = [
    'import math\nclass Shape:\n    def area(self):\n        raise NotImplementedError\nclass Circle(Shape):\n'
    '    def __init__(self, r): self.r = r\n    def area(self): return math.pi * self.r ** 2\n'
    'class Rect(Shape):\n    def __init__(self, w, h): self.w, self.h = w, h\n'
    '    def area(self): return self.w * self.h',
    'shapes = [Circle(1), Rect(2, 3), Circle(0.5)]\n[round(s.area(), 3) for s in shapes]',
    'Shape().area()',
    'sorted(shapes, key=lambda s: s.area())[0].__class__.__name__, Rect.__mro__',
]
ROLLOUTS['class-dunder-vector'] = [
    'class Vec:\n    def __init__(self, *c): self.c = tuple(c)\n'
    '    def __add__(self, o): return Vec(*(a + b for a, b in zip(self.c, o.c)))\n'
    '    def __mul__(self, k): return Vec(*(a * k for a in self.c))\n    __rmul__ = __mul__\n'
    '    def __abs__(self): return sum(a * a for a in self.c) ** 0.5\n'
    '    def __eq__(self, o): return self.c == o.c\n    def __hash__(self): return hash(self.c)\n'
    "    def __repr__(self): return f'Vec{self.c}'",
    'v = Vec(1, 2) + Vec(3, 4)\nv, 2 * v, abs(Vec(3, 4))',
    '{Vec(1, 1), Vec(1, 1), v}',
    'print(v)\nstr(v) == repr(v)',
]
ROLLOUTS['enum-state-machine'] = [
    'from enum import Enum, auto\nclass State(Enum):\n    IDLE = auto()\n    RUNNING = auto()\n'
    '    DONE = auto()\nstate = State.IDLE\nstate',
    'transitions = {State.IDLE: State.RUNNING, State.RUNNING: State.DONE}\nstate = transitions[state]\n'
    'print(state, state.name, state.value)',
    '{State.DONE, State.IDLE, State.RUNNING}',
    "[s.name for s in State], State['DONE'], State(2)",
]
ROLLOUTS['property-and-staticmethod'] = [
    'class Temp:\n    def __init__(self, c): self._c = c\n    @property\n'
    '    def f(self): return self._c * 9 / 5 + 32\n    @f.setter\n'
    '    def f(self, v): self._c = (v - 32) * 5 / 9\n    @staticmethod\n    def valid(c): return c >= -273.15\n'
    't = Temp(100)\nt.f',
    't.f = 32\nt._c, Temp.valid(-300)',
    "t.f = 'hot'",
]
ROLLOUTS['abc-and-protocol-error'] = [
    'from abc import ABC, abstractmethod\nclass Base(ABC):\n    @abstractmethod\n    def run(self): ...\nBase()',
    "class Impl(Base):\n    def run(self): return 'ran'\nImpl().run()",
]
ROLLOUTS['random-seeded-simulation'] = [
    'import random\nrandom.seed(123)\nrolls = [random.randint(1, 6) for _ in range(20)]\nprint(rolls)',
    'from collections import Counter\nCounter(rolls)',
    'random.seed(123)\n[random.randint(1, 6) for _ in range(5)] == rolls[:5]',
    'random.gauss(0, 1), random.uniform(1, 2)',
]
ROLLOUTS['random-unseeded-montecarlo'] = [
    'import random\ninside = 0\nN = 20000\nfor _ in range(N):\n    x, y = random.random(), random.random()\n'
    '    inside += x * x + y * y <= 1\npi_est = 4 * inside / N\npi_est',
    "print(f'estimate {pi_est:.4f}, error {abs(pi_est - 3.14159):.4f}')",
    'random.random()',
]
ROLLOUTS['random-unseeded-draws-reused'] = [
    'import random\nsample = random.sample(range(100), 10)\nsample',
    'sorted(sample), sum(sample)',
    'random.shuffle(sample)\nsample',
    "random.choice(sample), random.choices(['a', 'b'], weights=[0.9, 0.1], k=6)",
]
ROLLOUTS['random-instance-seeded'] = [
    "import random\nrng = random.Random(2024)\ndeck = [r + s for s in 'SHDC' for r in 'A23456789TJQK']\n"
    'rng.shuffle(deck)\ndeck[:5]',
    'hand = deck[:5]\ndeck = deck[5:]\nhand, len(deck)',
    'rng.sample(deck, 3)',
]
ROLLOUTS['random-bits-and-triangular'] = [
    'import random\nrandom.getrandbits(64), random.randrange(0, 100, 5)',
    'random.triangular(0, 10, 3), random.betavariate(2, 5)',
    '[round(random.expovariate(1.5), 4) for _ in range(3)]',
]
ROLLOUTS['generator-advanced-in-later-cells'] = [
    'def primes():\n    found = []\n    n = 2\n    while True:\n        if all(n % p for p in found):\n'
    '            found.append(n)\n            yield n\n        n += 1\ngen = primes()\n'
    '[next(gen) for _ in range(5)]',
    'next(gen)',
    '[next(gen) for _ in range(3)]',
    'from itertools import islice\nlist(islice(gen, 4))',
]
ROLLOUTS['generator-fib-and-send'] = [
    'def fib():\n    a, b = 0, 1\n    while True:\n        yield a\n        a, b = b, a + b\nf = fib()\n'
    'print(next(f), next(f), next(f))',
    'print(*[next(f) for _ in range(10)])',
    'def running_avg():\n    total = count = 0\n    avg = None\n    while True:\n        x = yield avg\n'
    '        total += x\n        count += 1\n        avg = total / count\nra = running_avg()\nnext(ra)\n'
    'ra.send(10), ra.send(20)',
    'ra.send(0)',
]
ROLLOUTS['generator-expression-exhausted'] = [
    'squares = (x * x for x in range(5))\nsum(squares)',
    'sum(squares), list(squares)',
    'it = iter([1, 2, 3])\nnext(it)',
    'list(it), next(it, None)',
]
ROLLOUTS['lru-cache-kept'] = [
    'from functools import lru_cache\n@lru_cache(maxsize=None)\ndef ways(n):\n    if n < 0:\n        return 0\n'
    '    if n == 0:\n        return 1\n    return ways(n - 1) + ways(n - 2) + ways(n - 3)\nways(30)',
    'ways.cache_info()',
    'ways(35), ways.cache_info().currsize',
    'ways.cache_clear()\nways.cache_info()',
]
ROLLOUTS['functools-cache-partial-reduce'] = [
    'from functools import cache, partial, reduce\n@cache\ndef catalan(n):\n'
    '    return 1 if n <= 1 else sum(catalan(i) * catalan(n - 1 - i) for i in range(n))\n'
    '[catalan(i) for i in range(10)]',
    'pow2 = partial(pow, 2)\npow2(10), reduce(lambda a, b: a * b, range(1, 8))',
    'catalan(50)',
]
ROLLOUTS['global-counter-mutated'] = [
    'counter = 0\ndef tick(n=1):\n    global counter\n    counter += n\n    return counter',
    'tick(), tick(), tick(5)',
    'counter',
    'for _ in range(10):\n    tick()\nprint(counter)',
    'counter += 100\ntick()',
]
ROLLOUTS['list-mutated-across-cells'] = [
    "log = []\ndef record(event):\n    log.append(event)\nrecord('start')",
    "record('middle')\nlog",
    "log.extend(['x', 'y'])\nlog.pop(1), log",
    'log.sort(reverse=True)\nlog',
]
ROLLOUTS['nameerror-then-define'] = [
    'print(total_cost)',
    'total_cost = 3 * 4.5\nprint(total_cost)',
    'undefined_fn(2)',
]
ROLLOUTS['typeerror-str-int-then-fix'] = [
    "age = 30\nprint('Age: ' + age)",
    "print('Age: ' + str(age))",
    'len(5)',
    "'abc' * 2.0",
]
ROLLOUTS['indexerror-keyerror-attrerror'] = [
    'nums = [1, 2, 3]\nnums[3]',
    "d = {'a': 1}\nd['b']",
    'nums.push(4)',
    "nums.append(4)\nnums[-1], d.get('b', 0)",
]
ROLLOUTS['syntaxerror-then-fixed'] = [
    'def f(x)\n    return x * 2',
    'def f(x):\n    return x * 2\nf(21)',
    "print('unterminated)",
    'x = (1, 2\ny = 3',
    'f(1) +',
]
ROLLOUTS['indentation-error'] = [
    'for i in range(3):\nprint(i)',
    'for i in range(3):\n    print(i)',
    '  x = 1',
]
ROLLOUTS['zerodivision-in-loop'] = [
    'vals = [4, 2, 0, 1]\nfor v in vals:\n    print(12 / v)',
    'for v in vals:\n    try:\n        print(12 / v)\n    except ZeroDivisionError as e:\n'
    "        print('skip:', e)",
]
ROLLOUTS['exception-chaining-and-custom'] = [
    'class ValidationError(Exception):\n    def __init__(self, field, msg):\n'
    "        super().__init__(f'{field}: {msg}')\n        self.field = field\ndef validate(age):\n"
    "    if age < 0:\n        raise ValidationError('age', 'must be >= 0')\n    return age\nvalidate(-1)",
    'try:\n    validate(-3)\nexcept ValidationError as e:\n    print(type(e).__name__, e.field, e, e.args)',
    "try:\n    int('abc')\nexcept ValueError as e:\n    raise RuntimeError('parse failed') from e",
    "try:\n    {}['k']\nexcept KeyError as e:\n    print(repr(e), str(e))",
]
ROLLOUTS['assertion-and-stopiteration'] = [
    "assert 1 + 1 == 3, 'math is broken'",
    "assert 2 + 2 == 4\nprint('ok')",
    'next(iter([]))',
    'raise SystemExit',
    "'after exit'",
]
ROLLOUTS['recursionerror-then-iterative'] = [
    'def fact(n):\n    return n * fact(n - 1)\nfact(5)',
    'def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\nfact(20)',
    'import math\nmath.factorial(20) == fact(20)',
]
ROLLOUTS['unicode-decode-and-overflow'] = [
    "b'\\xff\\xfe'.decode('utf-8')",
    'import math\nmath.exp(1000)',
    "int('12.5')",
    "float('abc')",
]
ROLLOUTS['import-error-and-fallback'] = [
    'import notamodule',
    'try:\n    import simplejson as json\nexcept ImportError:\n    import json\njson.__name__',
    'from math import tau, nothing',
]
ROLLOUTS['print-sep-end-flush'] = [
    "print('a', 'b', 'c', sep=', ')\nprint('no newline', end='')\nprint(' ...continued')",
    "for i in range(5):\n    print(i, end=' ' if i < 4 else '\\n', flush=True)",
    "print(*['x', 'y'], sep='')\nprint()\nprint('end')",
    "print('tab\\tsep', 'v', sep='\\t', end='!\\n')",
]
ROLLOUTS['print-table'] = [
    "rows = [('alice', 93.5, 1), ('bob', 78.25, 2), ('christina', 88.0, 3)]\n"
    'print(f"{\'name\':<10}{\'score\':>8}{\'rank\':>6}")\nprint(\'-\' * 24)\nfor n, s, r in rows:\n'
    "    print(f'{n:<10}{s:>8.2f}{r:>6}')",
    'print(\'=\' * 24)\nprint(f"{\'avg\':<10}{sum(r[1] for r in rows) / len(rows):>8.2f}")',
]
ROLLOUTS['stdout-write-and-stderr'] = [
    "import sys\nsys.stdout.write('hello ')\nsys.stdout.write('world\\n')",
    "n = sys.stdout.write('count me')\nprint()\nn",
    "print('warning!', file=sys.stderr)\nprint('normal')",
    "sys.stderr.write('err line\\n')\n'value'",
]
ROLLOUTS['print-long-output'] = [
    "for i in range(300):\n    print(f'line {i}: {i * i}')",
    'print(list(range(1000)))',
    "'short'",
]
ROLLOUTS['long-value-repr'] = [
    'big = {i: str(i) * 3 for i in range(400)}\nlen(big)',
    'big',
    'print(big[399])',
]
ROLLOUTS['pprint-nested'] = [
    'from pprint import pprint, pformat\n'
    "config = {'model': {'layers': [64, 128, 256], 'dropout': 0.1, 'activation':"
    " 'relu'}, 'train': {'lr': 0.001, 'epochs': 20, 'batch_size': 32, 'optimizer':"
    " {'name': 'adam', 'betas': (0.9, 0.999)}}}\npprint(config)",
    'pprint(list(range(40)), width=60)',
    "print(pformat(config['train'], indent=2, width=40))",
]
ROLLOUTS['print-returns-none-and-out'] = [
    "print('shown')",
    "x = print('also shown')\nx is None",
    'None',
    '[print(i) for i in range(3)]',
]
ROLLOUTS['last-expression-variants'] = [
    'x = 5\nx',
    'x; x + 1',
    'if x > 3:\n    x * 2',
    'y = [x, x]\ny',
    '(lambda: 42)()',
    "x == 5 and 'yes'",
]
ROLLOUTS['unicode-text'] = [
    "s = 'Grüße aus Köln — naïve café 日本語 😀'\nprint(s)\nlen(s)",
    's.upper(), s.casefold()[:10]',
    '[c for c in s if ord(c) > 127]',
    "s.encode('utf-8')[:20], 'ß'.upper(), 'Ǆ'.lower()",
    "import unicodedata\nunicodedata.name('😀'), unicodedata.normalize('NFD', 'é').encode()",
]
ROLLOUTS['unicode-box-drawing-and-emoji-table'] = [
    "print('┌──┬──┐')\nprint('│ü │✓ │')\nprint('└──┴──┘')",
    "print('→ ← ↑ ↓ ∑ ∞ ≤ ≥ π')",
    '\'€%.2f\' % 3.5, f\'{"名前":>6}|\'',
]
ROLLOUTS['json-dumps-loads'] = [
    'import json\n'
    "record = {'id': 7, 'name': 'Zoë', 'tags': ['a', 'b'], 'score': 9.5, 'ok': True, 'none': None}\n"
    'print(json.dumps(record))',
    'print(json.dumps(record, indent=2, sort_keys=True))',
    "json.dumps(record, ensure_ascii=False), json.dumps({'t': (1, 2)})",
    'parsed = json.loads(\'[{"a": 1.0}, {"b": [true, null]}]\')\nparsed',
    "json.dumps({1: 'x', 'k': float('nan')}), json.dumps(set())",
]
ROLLOUTS['json-roundtrip-file'] = [
    "import json, os\npath = '/tmp/sweep10_data.json'\nwith open(path, 'w') as fh:\n"
    "    json.dump({'scores': [3, 1, 2]}, fh)\nos.path.exists(path)",
    "with open(path) as fh:\n    data = json.load(fh)\ndata['scores'].sort()\ndata",
    "with open(path, 'a') as fh:\n    fh.write('\\n')\nos.path.getsize(path)",
    'os.remove(path)\nos.path.exists(path)',
]
ROLLOUTS['csv-in-memory'] = [
    "import csv, io\nraw = 'name,qty,price\\napple,3,0.5\\npear,2,0.75\\nfig,10,0.2\\n'\n"
    'rows = list(csv.DictReader(io.StringIO(raw)))\nrows[0]',
    "total = sum(int(r['qty']) * float(r['price']) for r in rows)\ntotal",
    'buf = io.StringIO()\nw = csv.writer(buf)\nw.writerow([\'a\', \'b,c\', \'d"e\'])\nbuf.getvalue()',
]
ROLLOUTS['string-methods'] = [
    "s = '  Hello, World! Hello, Python!  '\ns.strip(), s.lower().count('hello')",
    "s.strip().replace('Hello', 'Bye', 1), s.split(','), s.strip().partition(' ')",
    "'-'.join(['a', 'b', 'c']), 'abc'.zfill(6), 'Title case words'.title(), 'x'.ljust(4, '.')",
    "'hello world'.capitalize(), 'a1b2'.isalnum(), '123'.isdigit(), 'ABC'.swapcase(), 'abcabc'.rfind('b')",
    "'spam.py'.removesuffix('.py'), 'line1\\nline2\\r\\nline3'.splitlines(), 'a b  c'.split()",
]
ROLLOUTS['string-reverse-vowels-caesar'] = [
    'def caesar(s, k):\n    out = []\n    for ch in s:\n        if ch.isalpha():\n'
    "            base = ord('A') if ch.isupper() else ord('a')\n"
    '            out.append(chr((ord(ch) - base + k) % 26 + base))\n        else:\n            out.append(ch)\n'
    "    return ''.join(out)\nenc = caesar('Hello, World!', 3)\nenc",
    'caesar(enc, -3)',
    "sum(ch in 'aeiou' for ch in 'programming language'), 'stressed'[::-1]",
    "str.maketrans('abc', 'xyz'), 'aabbcc'.translate(str.maketrans('abc', 'xyz'))",
]
ROLLOUTS['regex-parse-log'] = [
    "import re\nlog = '''2024-01-05 10:00:01 ERROR disk full\n2024-01-05 10:02:11 INFO started\n"
    "2024-01-06 08:15:00 ERROR net down'''\nerrors = re.findall(r'^(\\S+) (\\S+) ERROR (.*)$', log, re.M)\n"
    'errors',
    "pat = re.compile(r'(?P<date>\\d{4}-\\d{2}-\\d{2})')\nsorted({m['date'] for m in pat.finditer(log)})",
    "re.split(r'\\s+', 'a  b\\tc\\nd'), re.sub(r'\\d', '#', 'a1b22'), re.fullmatch(r'[a-z]+', 'abc1')",
]
ROLLOUTS['recursion-hanoi-permutations'] = [
    "moves = []\ndef hanoi(n, a='A', b='B', c='C'):\n    if n:\n        hanoi(n - 1, a, c, b)\n"
    '        moves.append((a, c))\n        hanoi(n - 1, b, a, c)\nhanoi(4)\nlen(moves), moves[:3]',
    'def perms(xs):\n    if len(xs) <= 1:\n        return [xs]\n'
    '    return [[x] + p for i, x in enumerate(xs) for p in perms(xs[:i] + xs[i + 1:])]\nperms([1, 2, 3])',
    'len(perms(list(range(6))))',
]
ROLLOUTS['recursion-flatten-and-depth'] = [
    'def flatten(x):\n    if isinstance(x, list):\n        return [y for item in x for y in flatten(item)]\n'
    '    return [x]\nflatten([1, [2, [3, [4, [5]]]], 6])',
    'def depth(x):\n    return 1 + max((depth(i) for i in x), default=0) if isinstance(x, list) else 0\n'
    'depth([1, [2, [3, [4]]]])',
    'import sys\nsys.setrecursionlimit(3000)\ndef count_down(n):\n'
    '    return 0 if n == 0 else count_down(n - 1)\ncount_down(2500)',
]
ROLLOUTS['recursion-memo-dict'] = [
    'memo = {}\ndef grid_paths(r, c):\n    if r == 0 or c == 0:\n        return 1\n    if (r, c) not in memo:\n'
    '        memo[(r, c)] = grid_paths(r - 1, c) + grid_paths(r, c - 1)\n    return memo[(r, c)]\n'
    'grid_paths(16, 16)',
    'len(memo), grid_paths(18, 18)',
    'import math\nmath.comb(36, 18) == grid_paths(18, 18)',
]
ROLLOUTS['numpy-stats'] = [
    'import numpy as np\ndata = np.array([2.5, 3.1, 4.7, 1.2, 5.5, 3.3])\n'
    'data.mean(), data.std(), np.median(data)',
    'print(np.round(data / data.max(), 3))\nnp.argsort(data)',
    'np.percentile(data, [25, 75]), data.sum()',
]
ROLLOUTS['numpy-linalg'] = [
    'import numpy as np\nA = np.array([[2, 1], [1, 3]], dtype=float)\nb = np.array([3, 5], dtype=float)\n'
    'x = np.linalg.solve(A, b)\nx',
    'np.allclose(A @ x, b), np.linalg.det(A)',
    'vals, vecs = np.linalg.eigh(A)\nnp.round(vals, 6)',
    'np.linalg.inv(A)',
]
ROLLOUTS['numpy-seeded-rng-across-cells'] = [
    'import numpy as np\nrng = np.random.default_rng(42)\nsamples = rng.normal(size=5)\nsamples',
    'samples.round(3), rng.integers(0, 10, size=4)',
    "rng.choice(['a', 'b', 'c'], size=3)",
]
ROLLOUTS['numpy-broadcast-and-print'] = [
    'import numpy as np\nm = np.arange(1, 10).reshape(3, 3)\nprint(m)\nm * np.array([1, 10, 100])',
    'm.T, m.sum(axis=1), (m > 4).sum()',
    'np.zeros((2, 3), dtype=int), np.eye(2), np.linspace(0, 1, 5)',
    'print(np.array([1.5, np.nan, np.inf]))\nnp.nanmax(np.array([1.5, np.nan]))',
]
ROLLOUTS['numpy-dtype-errors'] = [
    'import numpy as np\na = np.array([1, 2, 3])\na + np.array([1, 2])',
    'a.astype(np.float32) / 3',
    'np.array([1, 2, 3], dtype=np.int8) * 100',
]
ROLLOUTS['datetime-arithmetic'] = [
    'from datetime import datetime, date, timedelta\nstart = datetime(2024, 1, 31, 22, 30)\n'
    'end = start + timedelta(hours=5, minutes=45)\nend',
    "print(end.strftime('%Y-%m-%d %H:%M'), end.isoformat())\n(end - start).total_seconds()",
    'd = date(2024, 2, 28)\n[(d + timedelta(days=i)).isoformat() for i in range(3)]',
    "datetime.strptime('2023-07-04 09:15', '%Y-%m-%d %H:%M').weekday(), date(2000, 1, 1).strftime('%A %B')",
    "(date(2025, 12, 25) - date(2025, 1, 1)).days, date.fromisoformat('2024-06-01').isocalendar()",
]
ROLLOUTS['timezone-and-calendar'] = [
    'from datetime import datetime, timezone, timedelta\n'
    'utc = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)\nutc.astimezone(timezone(timedelta(hours=-5)))',
    'import calendar\nprint(calendar.month(2024, 2))',
    'calendar.isleap(2100), calendar.monthrange(2024, 2), calendar.day_name[0]',
    'datetime.fromtimestamp(0, tz=timezone.utc), utc.timestamp()',
]
ROLLOUTS['time-elapsed-and-sleep'] = [
    'import time\nt0 = time.perf_counter()\ntotal = sum(i * i for i in range(100000))\n'
    'elapsed = time.perf_counter() - t0\nprint(total, elapsed < 5)',
    "time.sleep(0.01)\nprint('slept')",
    'start = time.time()\ntype(start).__name__, start > 1.6e9',
    "time.gmtime(0).tm_year, time.strftime('%Y-%m-%d', time.gmtime(86400 * 365))",
]
ROLLOUTS['datetime-now-shapes'] = [
    'from datetime import datetime, date\nnow = datetime.now()\ntype(now).__name__, now.year >= 2024',
    'today = date.today()\n(today - date(2020, 1, 1)).days > 1000',
    'now <= datetime.now()',
]
ROLLOUTS['sort-with-keys'] = [
    "people = [('ann', 31, 'NY'), ('bob', 25, 'LA'), ('cy', 31, 'LA'), ('dee', 22, 'NY')]\n"
    'sorted(people, key=lambda p: p[1])',
    'sorted(people, key=lambda p: (-p[1], p[0]))',
    'from operator import itemgetter, attrgetter\nsorted(people, key=itemgetter(2, 0))',
    'people.sort(key=lambda p: p[0], reverse=True)\n[p[0] for p in people]',
    "sorted(['banana', 'Apple', 'cherry', 'apple'], key=str.lower), sorted('hello')",
]
ROLLOUTS['sort-stability-and-cmp'] = [
    'from functools import cmp_to_key\ndef cmp(a, b):\n    return (a > b) - (a < b)\nnums = [3, 30, 34, 5, 9]\n'
    "largest = ''.join(sorted(map(str, nums), key=cmp_to_key(lambda a, b: cmp(b + a, a + b))))\nlargest",
    "records = [{'n': 'a', 'g': 2}, {'n': 'b', 'g': 1}, {'n': 'c', 'g': 2}, {'n': 'd', 'g': 1}]\n"
    "[r['n'] for r in sorted(records, key=lambda r: r['g'])]",
    "sorted([3, 1, 2], reverse=True), sorted({'b': 1, 'a': 2}), min([(2, 'x'), (1, 'y')])",
    "sorted([1, 'a'])",
]
ROLLOUTS['sort-dict-by-value'] = [
    "scores = {'alice': 88, 'bob': 95, 'carol': 88, 'dave': 72}\n"
    'dict(sorted(scores.items(), key=lambda kv: kv[1], reverse=True))',
    'ranking = sorted(scores, key=scores.get)\nranking',
    'for rank, name in enumerate(sorted(scores, key=lambda n: (-scores[n], n)), 1):\n'
    '    print(rank, name, scores[name])',
]
ROLLOUTS['exec-and-eval'] = [
    "exec('z = 10\\ndef twice(v):\\n    return 2 * v')\ntwice(z)",
    "eval('z * 3 + 1'), eval('twice', {'twice': len})('abc')",
    "ns = {}\nexec('a = 1; b = a + 1', ns)\nns['b'], 'a' in globals()",
    "expr = '2 ** 10 - 24'\nprint(expr, '=', eval(expr))",
    "eval('1 +')",
]
ROLLOUTS['del-names-and-items'] = [
    "x, y = 1, 2\nlst = [0, 1, 2, 3, 4]\nd = {'k': 1, 'j': 2}",
    "del x\ndel lst[1:3]\ndel d['k']\nlst, d",
    'x',
    "y, 'x' in globals(), 'y' in globals()",
    "del d['missing']",
]
ROLLOUTS['globals-dir-vars'] = [
    "alpha = 1\nbeta = [2]\n[k for k in globals() if not k.startswith('_')]",
    "def gamma(): pass\nsorted(k for k in dir() if not k.startswith('_'))",
    "class K:\n    def __init__(self):\n        self.a = 1\n        self.b = 'two'\nvars(K())",
]
ROLLOUTS['try-except-else-finally'] = [
    'def parse(s):\n    try:\n        v = int(s)\n    except ValueError as e:\n'
    "        print(f'bad input {s!r}: {e}')\n        return None\n    else:\n        print('parsed', v)\n"
    "        return v\n    finally:\n        print('done', s)\nparse('42')",
    "parse('4x2')",
    "results = [parse(s) for s in ['1', '', '3']]\nresults",
]
ROLLOUTS['with-statement-and-contextmanager'] = [
    'from contextlib import contextmanager\n@contextmanager\ndef section(name):\n'
    "    print(f'[{name.lower()}] begin')\n    try:\n        yield name.upper()\n    finally:\n"
    "        print(f'[{name.lower()}] end')\nwith section('Load') as s:\n    print('inside', s)",
    "with section('fail'):\n    raise ValueError('oops')",
    "from contextlib import suppress\nwith suppress(KeyError):\n    {}['x']\nprint('suppressed')",
    'import io\nfrom contextlib import redirect_stdout\nbuf = io.StringIO()\nwith redirect_stdout(buf):\n'
    "    print('captured')\nbuf.getvalue()",
]
ROLLOUTS['type-hints-and-introspection'] = [
    'def area(w: float, h: float = 1.0) -> float:\n    """Area of a rectangle."""\n    return w * h\n'
    'area.__annotations__',
    'area.__doc__, area.__name__, area.__defaults__',
    'import inspect\nstr(inspect.signature(area))',
    'type(area).__name__, callable(area), isinstance(3, (int, float)), type(3.0)',
]
ROLLOUTS['help-builtin'] = [
    'help(len)',
    'help(str.split)',
]
ROLLOUTS['walrus-match-statement'] = [
    "data = [1, 5, 12, 7, 30]\nif (n := len(data)) > 3:\n    print(f'{n} items')\n"
    '[y for x in data if (y := x * 2) > 10]',
    "def describe(p):\n    match p:\n        case (0, 0):\n            return 'origin'\n        case (x, 0):\n"
    "            return f'x-axis at {x}'\n        case {'type': 'circle', 'r': r}:\n"
    "            return f'circle r={r}'\n        case _:\n            return 'other'\n"
    "[describe(v) for v in [(0, 0), (3, 0), {'type': 'circle', 'r': 2}, 'z']]",
]
ROLLOUTS['matrix-lists'] = [
    'A = [[1, 2], [3, 4]]\nB = [[5, 6], [7, 8]]\ndef matmul(X, Y):\n'
    '    return [[sum(a * b for a, b in zip(r, c)) for c in zip(*Y)] for r in X]\nmatmul(A, B)',
    'list(zip(*A)), [row[:] for row in A] == A',
    "for row in matmul(A, B):\n    print(' '.join(f'{v:4d}' for v in row))",
]
ROLLOUTS['binary-search-and-bisect'] = [
    'import bisect\narr = [1, 3, 3, 5, 8, 13]\n'
    'bisect.bisect_left(arr, 3), bisect.bisect_right(arr, 3), bisect.bisect(arr, 100)',
    'bisect.insort(arr, 4)\narr',
    'def bsearch(a, t):\n    lo, hi = 0, len(a) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n'
    '        if a[mid] == t:\n            return mid\n        if a[mid] < t:\n            lo = mid + 1\n'
    '        else:\n            hi = mid - 1\n    return -1\n[bsearch(arr, t) for t in (1, 4, 13, 7)]',
]
ROLLOUTS['agentic-test-harness'] = [
    'def two_sum(nums, target):\n    seen = {}\n    for i, n in enumerate(nums):\n'
    '        if target - n in seen:\n            return [seen[target - n], i]\n        seen[n] = i\n'
    '    return []',
    'tests = [(([2, 7, 11, 15], 9), [0, 1]), (([3, 2, 4], 6), [1, 2]), (([3, 3], 6), [0, 1]), (([1], 5), [])]\n'
    'for args, want in tests:\n    got = two_sum(*args)\n'
    "    print('PASS' if got == want else 'FAIL', args, got)",
    "passed = sum(two_sum(*a) == w for a, w in tests)\nprint(f'{passed}/{len(tests)} passed')",
]
ROLLOUTS['agentic-unittest-run'] = [
    'import unittest\ndef add(a, b):\n    return a + b\nclass TestAdd(unittest.TestCase):\n'
    '    def test_ints(self):\n        self.assertEqual(add(2, 3), 5)\n    def test_strs(self):\n'
    "        self.assertEqual(add('a', 'b'), 'ab')",
    'suite = unittest.defaultTestLoader.loadTestsFromTestCase(TestAdd)\n'
    "result = unittest.TextTestRunner(verbosity=0, stream=__import__('io').StringIO()).run(suite)\n"
    'result.testsRun, len(result.failures), result.wasSuccessful()',
]
ROLLOUTS['main-guard-script'] = [
    "def main():\n    nums = [5, 3, 8]\n    print('max:', max(nums))\n    return 0\n"
    "if __name__ == '__main__':\n    main()",
    '__name__',
]
ROLLOUTS['text-wrap-and-dedent'] = [
    "import textwrap\ntext = 'The quick brown fox jumps over the lazy dog. ' * 4\n"
    'print(textwrap.fill(text, width=40))',
    "print(textwrap.dedent('''\n    def f():\n        return 1\n'''))",
    "textwrap.shorten('Hello   world, this is long', width=15)",
]
ROLLOUTS['statistics-module'] = [
    'import statistics as st\nxs = [2, 4, 4, 4, 5, 5, 7, 9]\nst.mean(xs), st.median(xs), st.mode(xs)',
    'st.pstdev(xs), st.stdev(xs), st.variance(xs)',
    'st.quantiles(xs, n=4), st.fmean([1.5, 2.5]), st.harmonic_mean([1, 2, 4])',
    'st.mean([])',
]
ROLLOUTS['complex-and-cmath'] = [
    'import cmath\nroots = [(-3 + cmath.sqrt(9 - 4 * 1 * 5)) / 2, (-3 - cmath.sqrt(9 - 4 * 1 * 5)) / 2]\nroots',
    'abs(3 + 4j), (1 + 2j) * (3 - 1j), cmath.phase(-1)',
    'print(complex(1.5, -2), 2j ** 0.5)',
]
ROLLOUTS['bit-manipulation'] = [
    'n = 0b101101\nbin(n), n.bit_count(), n >> 2, n << 3, n & 0xF, n | 0x100, ~n',
    '[i for i in range(16) if i & (i - 1) == 0]',
    "format(-5 & 0xFF, '08b'), int('ff', 16), int('777', 8), int('1010', 2)",
]
ROLLOUTS['string-building-and-join'] = [
    "parts = []\nfor i in range(1, 6):\n    parts.append('*' * i)\nprint('\\n'.join(parts))",
    "print('\\n'.join(f'{i:>2} x 7 = {i * 7:>2}' for i in range(1, 11)))",
    "pyramid = [' ' * (4 - i) + '*' * (2 * i + 1) for i in range(5)]\nprint(*pyramid, sep='\\n')",
]
ROLLOUTS['object-default-repr-sorted-ids'] = [
    'class Node:\n    def __init__(self, val, nxt=None):\n        self.val, self.nxt = val, nxt\n'
    'head = Node(1, Node(2, Node(3)))\ndef to_list(h):\n    out = []\n    while h:\n        out.append(h.val)\n'
    '        h = h.nxt\n    return out\nto_list(head)',
    'def reverse(h):\n    prev = None\n    while h:\n        h.nxt, prev, h = prev, h, h.nxt\n    return prev\n'
    'head = reverse(head)\nto_list(head)',
    'to_list(reverse(head))',
]
ROLLOUTS['copy-and-aliasing'] = [
    'a = [[0] * 3] * 3\na[0][0] = 1\na',
    'b = [[0] * 3 for _ in range(3)]\nb[0][0] = 1\nb',
    'import copy\nc = copy.copy(b)\nc[1][1] = 9\nb[1], c is b, c[1] is b[1]',
]
ROLLOUTS['lambda-map-filter-zip'] = [
    'nums = list(range(1, 11))\nlist(map(lambda x: x ** 2, filter(lambda x: x % 2, nums)))',
    'm = map(str, nums)\nnext(m), next(m)',
    "list(m)[:3], list(zip('abc', nums, [True, False]))",
    'any(x > 9 for x in nums), all(nums), sum(nums) / len(nums)',
]
ROLLOUTS['enumerate-and-while'] = [
    'i = 0\nwhile i < 100:\n    i = i * 2 + 1\ni',
    "for idx, ch in enumerate('abc', start=1):\n    print(idx, ch)",
    'n, steps = 27, 0\nwhile n != 1:\n    n = n // 2 if n % 2 == 0 else 3 * n + 1\n    steps += 1\nsteps',
    "for k in range(3):\n    pass\nelse:\n    print('loop finished at', k)",
]
ROLLOUTS['hashlib-base64-uuid5'] = [
    "import hashlib\nhashlib.sha256(b'hello').hexdigest()",
    "hashlib.md5('abc'.encode()).hexdigest()[:8]",
    "import base64\nenc = base64.b64encode(b'tool call')\nenc, base64.b64decode(enc)",
    "import uuid\nuuid.uuid5(uuid.NAMESPACE_DNS, 'example.com')",
]
ROLLOUTS['struct-and-bytes'] = [
    "import struct\npacked = struct.pack('<iHf', -2, 513, 1.5)\npacked, len(packed)",
    "struct.unpack('<iHf', packed)",
    "int.from_bytes(b'\\x01\\x00', 'little'), (1024).to_bytes(2, 'big')",
]
ROLLOUTS['warnings-once-per-call'] = [
    "import warnings\ndef old():\n    warnings.warn('old() is deprecated', DeprecationWarning, stacklevel=2)\n"
    '    return 1\nold()',
    'old()',
    "warnings.warn('careful now')",
    "with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    old()\n"
    'len(w), str(w[0].message)',
]
ROLLOUTS['logging-configured-then-used'] = [
    "import logging\nlogging.basicConfig(level=logging.INFO, format='%(levelname)s %(message)s')\n"
    "log = logging.getLogger('app')\nlog.info('configured')",
    "log.info('step %d done', 2)\nlog.debug('hidden')",
    "log.warning('disk at %d%%', 91)\n'after'",
]
ROLLOUTS['stdout-saved-writer'] = [
    "import sys\nemit = sys.stdout.write\nemit('first\\n')",
    "emit('second\\n')\nprint('third')",
]
ROLLOUTS['stdout-writelines-encoding-reconfigure'] = [
    "import sys\nsys.stdout.writelines(['alpha\\n', 'beta\\n'])",
    "sys.stdout.reconfigure(encoding='utf-8')\nprint('reconfigured ✓')",
    'sys.stdout.encoding',
]
ROLLOUTS['recursion-near-default-limit'] = [
    'def total(xs, i=0):\n    return 0 if i == len(xs) else xs[i] + total(xs, i + 1)\ntotal(list(range(900)))',
    'total(list(range(990)))',
]

ROLLOUTS["main-module-pickle-a-cell-class"] = [
    "import pickle\nclass Model:\n    def __init__(self, w):\n        self.w = w\n"
    "    def predict(self, x):\n        return self.w * x\nblob = pickle.dumps(Model(3))\nlen(blob) > 0",
    "restored = pickle.loads(blob)\nrestored.predict(7), type(restored).__name__",
    "with open('/tmp/sweep10_model.pkl', 'wb') as fh:\n    pickle.dump(Model(5), fh)\n"
    "with open('/tmp/sweep10_model.pkl', 'rb') as fh:\n    m = pickle.load(fh)\nm.predict(2)",
    "import os\nos.remove('/tmp/sweep10_model.pkl')",
]
ROLLOUTS["main-module-doctest"] = [
    "def mean(xs):\n    \"\"\"Average of a list.\n\n    >>> mean([1, 2, 3])\n    2.0\n    >>> mean([1, 2])\n"
    "    1\n    \"\"\"\n    return sum(xs) / len(xs)",
    "import doctest\ndoctest.testmod()",
    "def mean(xs):\n    \"\"\"Average of a list.\n\n    >>> mean([1, 2, 3])\n    2.0\n    \"\"\"\n"
    "    return sum(xs) / len(xs)\ndoctest.testmod(verbose=False)",
]
ROLLOUTS["main-module-unittest-main"] = [
    "import io, unittest\ndef slugify(s):\n    return '-'.join(s.lower().split())\n"
    "class TestSlug(unittest.TestCase):\n    def test_spaces(self):\n"
    "        self.assertEqual(slugify('Hello World'), 'hello-world')\n    def test_case(self):\n"
    "        self.assertEqual(slugify('ABC'), 'abc')",
    "buf = io.StringIO()\nprog = unittest.main(argv=['tests'], exit=False, "
    "testRunner=unittest.TextTestRunner(stream=buf, verbosity=2))\nprint(buf.getvalue().split('-' * 70)[0])\n"
    "prog.result.testsRun, prog.result.wasSuccessful()",
]
ROLLOUTS["main-module-dispatch-by-name"] = [
    "import sys\ndef op_add(a, b):\n    return a + b\ndef op_mul(a, b):\n    return a * b",
    "[getattr(sys.modules[__name__], f'op_{name}')(6, 7) for name in ('add', 'mul')]",
    "sorted(name for name in dir(sys.modules['__main__']) if name.startswith('op_'))",
]
ROLLOUTS["asyncio-run-and-gather"] = [
    "import asyncio\nasync def fetch(i):\n    await asyncio.sleep(0.01 * i)\n    return i * i\n"
    "asyncio.run(fetch(3))",
    "async def main():\n    return await asyncio.gather(*(fetch(i) for i in range(4)))\nresults = asyncio.run(main())\n"
    "results",
    "sum(results)",
]
ROLLOUTS["sqlite-in-memory"] = [
    "import sqlite3\ncon = sqlite3.connect(':memory:')\ncon.execute('create table sales(region text, amount real)')\n"
    "con.executemany('insert into sales values (?, ?)', [('north', 120.5), ('south', 80.0), ('north', 30.25)])\n"
    "con.commit()",
    "con.execute('select region, sum(amount) from sales group by region order by region').fetchall()",
    "con.execute('select * from nope')",
]
ROLLOUTS["pandas-groupby-and-print"] = [
    "import pandas as pd\ndf = pd.DataFrame({'city': ['a', 'b', 'a', 'c', 'b'], 'sales': [10, 20, 30, 40, 50]})\n"
    "print(df)",
    "summary = df.groupby('city')['sales'].agg(['sum', 'mean'])\nsummary",
    "df['share'] = df['sales'] / df['sales'].sum()\nprint(df.round(3).to_string(index=False))",
    "df.loc[df['sales'] > 25, 'city'].tolist(), df.shape",
]

# Cells run inside the sandbox's worker and the runner, 12 frames below where a plain script's module runs
# (`len(inspect.stack())` in a cell reads 13), so recursion within a dozen frames of the limit fails there only.
XFAIL = {
    "recursion-near-default-limit": "a cell runs 12 frames deeper than a plain script's module (the worker's and "
                                    "the runner's frames), so recursion within 12 frames of the limit raises "
                                    "RecursionError in the tool only",
}


def same(reply: str, full: str) -> bool:
    """Whether the tool's ``reply`` is plain Python's ``full`` reply, or its start cut with a mark counting the rest."""
    if reply == full:
        return True
    cut = MARK.search(reply)
    if cut is None:
        return False
    shown, tail = reply[: cut.start()], reply[cut.end():]
    rest = len(full) - len(shown) - len(tail)
    return full.startswith(shown) and full.endswith(tail) and int(cut.group(1)) - rest in (0, 1)


def params() -> list:
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=XFAIL[name])) if name in XFAIL else name
            for name in sorted(ROLLOUTS)]


@pytest.mark.parametrize("name", params())
def test_each_call_reads_what_one_plain_process_printed(name):
    cells = ROLLOUTS[name]
    session = PythonSession(DEFAULTS)
    full = plain(cells, session.seed)
    assert plain(cells, session.seed) == full, "the rollout is not deterministic in plain Python"
    replies = [session.run(cell) for cell in cells]
    assert all(same(r, f) for r, f in zip(replies, full)), [(r, f) for r, f in zip(replies, full) if not same(r, f)]


# Values drawn without a seed differ between any two plain processes, so these are checked against the tool itself:
# what a later call shows of an earlier cell's value is what that cell showed.
UNSEEDED = {
    "numpy-global-rand": ["import numpy as np\nx = np.random.rand(3)\nx", "x"],
    "numpy-global-randn-printed": ["import numpy as np\ndata = np.random.randn(5)\nprint(data)", "print(data)"],
    "numpy-random-shuffle": ["import numpy as np\nidx = np.arange(8)\nnp.random.shuffle(idx)\nidx", "idx"],
    "pandas-sample": ["import pandas as pd\ndf = pd.DataFrame({'v': range(20)})\npicked = df.sample(4)\n"
                      "picked.index.tolist()", "picked.index.tolist()"],
    "random-module-unseeded": ["import random\nxs = [random.random() for _ in range(3)]\nxs", "xs"],
}
UNSEEDED_XFAIL = {  # documented (docs/tools.md, "Limits of replay"): seeded from os.urandom at every replay
    "random-Random-unseeded": ["import random\nrng = random.Random()\nv = rng.random()\nv", "v"],
    "numpy-default-rng-unseeded": ["import numpy as np\nrng = np.random.default_rng()\nv = rng.random()\nv", "v"],
    "uuid4": ["import uuid\nu = uuid.uuid4()\nu", "u"],
}
URANDOM = "seeded from os.urandom at every replay (docs/tools.md, Limits of replay)"


@pytest.mark.parametrize("name", [*sorted(UNSEEDED), *(pytest.param(name, marks=pytest.mark.xfail(strict=True,
                                                                                                   reason=URANDOM))
                                                        for name in sorted(UNSEEDED_XFAIL))])
def test_an_unseeded_draw_reads_the_same_in_the_next_call(name):
    first, again = {**UNSEEDED, **UNSEEDED_XFAIL}[name]
    session = PythonSession(DEFAULTS)
    shown = session.run(first)
    assert session.run(again) == shown
