"""stdin/stdout rows (APPS, CodeContests, LiveCodeBench): a script, ``inputs`` and ``outputs``.

The ways contest code reads and writes: ``input()``, ``sys.stdin.read/readline/buffer``, ``fileinput``, ``open(0)``,
``/dev/stdin``, ``print(*x, sep=...)``, ``sys.stdout.write``, output written at exit (``atexit``), the default
SIGPIPE handler, recursion on a thread with a big stack, several test cases per input, trailing whitespace."""

from __future__ import annotations

from . import Case, stdio

SUM_PAIRS = [("1 2\n", "3\n"), ("-5 10\n", "5\n"), ("1000000000000 1\n", "1000000000001")]
MULTI = [("3\n1 2\n3 4\n10 -10\n", "3\n7\n0\n"), ("1\n5 5\n", "10\n")]
ARRAY = [("5\n3 1 4 1 5\n", "1 1 3 4 5\n"), ("1\n42\n", "42\n")]

CASES: list[Case] = [
    # --- reading
    stdio("input-split", """
        a, b = map(int, input().split())
        print(a + b)
        """, SUM_PAIRS),
    stdio("input-two-lines", """
        n = int(input())
        xs = list(map(int, input().split()))
        print(*sorted(xs))
        """, ARRAY),
    stdio("input-test-cases", """
        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print(a + b)
        """, MULTI),
    stdio("sys-stdin-readline", """
        import sys

        t = int(sys.stdin.readline())
        for _ in range(t):
            a, b = map(int, sys.stdin.readline().split())
            sys.stdout.write(str(a + b) + "\\n")
        """, MULTI),
    stdio("input-rebound-to-readline", """
        import sys

        input = sys.stdin.readline
        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print(a + b)
        """, MULTI),
    stdio("readline-rstrip-strings", """
        import sys

        input = lambda: sys.stdin.readline().rstrip("\\r\\n")  # noqa: E731
        s = input()
        print(s[::-1])
        """, [("hello\n", "olleh\n"), ("ab cd\n", "dc ba\n")]),
    stdio("stdin-read-split", """
        import sys

        data = sys.stdin.read().split()
        t = int(data[0])
        out = []
        for i in range(t):
            out.append(str(int(data[1 + 2 * i]) + int(data[2 + 2 * i])))
        print("\\n".join(out))
        """, MULTI),
    stdio("stdin-read-iterator", """
        import sys

        it = iter(sys.stdin.read().split())
        n = int(next(it))
        print(sum(int(next(it)) for _ in range(n)))
        """, [("3 1 2 3", "6"), ("0\n", "0\n")]),
    stdio("stdin-buffer-read", """
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        print(max(map(int, data[1:n + 1])))
        """, [("5\n3 1 4 1 5\n", "5\n")]),
    stdio("stdin-buffer-readline", """
        import sys

        input = sys.stdin.buffer.readline
        n = int(input())
        xs = list(map(int, input().split()))
        print(sum(xs) * n)
        """, [("2\n1 2\n", "6\n")]),
    stdio("stdin-buffer-decode", """
        import sys

        text = sys.stdin.buffer.read().decode()
        print(len(text.split()))
        """, [("a b c\nd\n", "4\n")]),
    stdio("for-line-in-stdin", """
        import sys

        total = 0
        for line in sys.stdin:
            line = line.strip()
            if line:
                total += int(line)
        print(total)
        """, [("1\n2\n3\n", "6\n"), ("\n", "0\n")]),
    stdio("stdin-readlines", """
        import sys

        lines = sys.stdin.readlines()
        print(len(lines))
        print(lines[-1].strip().upper())
        """, [("a\nb\nlast\n", "3\nLAST\n")]),
    stdio("fileinput-input", """
        import fileinput

        lines = [line.strip() for line in fileinput.input()]
        n = int(lines[0])
        print(sum(map(int, lines[1].split()[:n])))
        """, [("3\n1 2 3\n", "6\n")]),
    stdio("fileinput-loop", """
        import fileinput

        for line in fileinput.input():
            if fileinput.isfirstline():
                continue
            print(line.strip()[::-1])
        """, [("2\nabc\nxy\n", "cba\nyx\n")]),
    stdio("open-0-read", """
        data = open(0).read().split()
        print(int(data[0]) * int(data[1]))
        """, [("6 7\n", "42\n")]),
    stdio("open-0-star-lines", """
        n, *rows = open(0)
        print(sum(len(r.strip()) for r in rows[:int(n)]))
        """, [("2\nab\ncde\n", "5\n")]),
    stdio("open-0-readlines", """
        lines = open(0).readlines()
        print(lines[0].strip())
        """, [("first\nsecond\n", "first\n")]),
    stdio("open-dev-stdin", """
        with open("/dev/stdin") as f:
            nums = [int(x) for x in f.read().split()]
        print(min(nums), max(nums))
        """, [("4 -1 9\n", "-1 9\n")]),
    stdio("os-read-fd0", """
        import os

        data = b""
        while True:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                break
            data += chunk
        print(sum(map(int, data.split())))
        """, [("1 2 3 4\n", "10\n")]),
    stdio("fast-io-fstat-size", """
        import io
        import os

        input = io.BytesIO(os.read(0, os.fstat(0).st_size)).readline
        n = int(input())
        print(sum(map(int, input().split())) + n)
        """, [("3\n1 2 3\n", "9\n")]),
    stdio("eof-error-loop", """
        total = 0
        while True:
            try:
                line = input()
            except EOFError:
                break
            total += sum(map(int, line.split()))
        print(total)
        """, [("1 2\n3\n", "6\n"), ("5", "5")]),
    stdio("empty-input", """
        import sys

        data = sys.stdin.read()
        print("empty" if not data.strip() else "data")
        """, [("", "empty\n"), ("x", "data")]),
    stdio("no-trailing-newline-input", """
        s = input()
        print(len(s))
        """, [("abcd", "4")]),
    stdio("crlf-input", """
        import sys

        xs = sys.stdin.read().split()
        print(len(xs))
        """, [("1\r\n2\r\n", "2\n")]),
    # --- writing
    stdio("print-star-sep-space", """
        n = int(input())
        print(*range(1, n + 1))
        """, [("5\n", "1 2 3 4 5\n")]),
    stdio("print-star-sep-newline", """
        n = int(input())
        print(*range(n, 0, -1), sep="\\n")
        """, [("3\n", "3\n2\n1\n")]),
    stdio("print-sep-comma-end-empty", """
        xs = input().split()
        print(*xs, sep=",", end="")
        print()
        """, [("a b c\n", "a,b,c\n")]),
    stdio("print-end-space", """
        for i in range(int(input())):
            print(i, end=" ")
        """, [("4\n", "0 1 2 3 \n")]),
    stdio("sys-stdout-write-join", """
        import sys

        n = int(sys.stdin.readline())
        sys.stdout.write("\\n".join(str(i * i) for i in range(n)))
        sys.stdout.write("\\n")
        """, [("4\n", "0\n1\n4\n9\n")]),
    stdio("sys-stdout-buffer-write", """
        import sys

        n = int(input())
        sys.stdout.buffer.write(b" ".join(str(i).encode() for i in range(n)) + b"\\n")
        """, [("3\n", "0 1 2\n")]),
    stdio("print-flush", """
        print("ready", flush=True)
        print(int(input()) * 2, flush=True)
        """, [("21\n", "ready\n42\n")]),
    stdio("print-to-file-stdout", """
        import sys

        print("out", file=sys.stdout)
        print("debug", file=sys.stderr)
        """, [("", "out\n")]),
    stdio("stderr-noise-ignored", """
        import sys

        n = int(input())
        for i in range(n):
            sys.stderr.write(f"debug {i}\\n")
        print(n * n)
        """, [("3\n", "9\n")]),
    stdio("float-format", """
        a, b = map(float, input().split())
        print(f"{a / b:.6f}")
        print("%.2f" % (a * b))
        """, [("1 3\n", "0.333333\n3.00\n")]),
    stdio("yes-no", """
        t = int(input())
        for _ in range(t):
            n = int(input())
            print("YES" if n % 2 == 0 else "NO")
        """, [("3\n2\n3\n10\n", "YES\nNO\nYES\n")]),
    stdio("trailing-spaces-in-output", """
        n = int(input())
        for i in range(n):
            print("x " * (i + 1))
        """, [("2\n", "x\nx x\n")]),
    stdio("expected-has-trailing-spaces", """
        print(1, 2)
        print(3)
        """, [("", "1 2 \n3   \n\n")]),
    stdio("extra-blank-lines-at-end", """
        print("done")
        print()
        print()
        """, [("", "done\n")]),
    stdio("grid-output", """
        r, c = map(int, input().split())
        for i in range(r):
            print("".join("#" if (i + j) % 2 == 0 else "." for j in range(c)))
        """, [("2 3\n", "#.#\n.#.\n")]),
    stdio("unicode-output", """
        name = input().strip()
        print(f"héllo {name} ✓")
        """, [("wörld\n", "héllo wörld ✓\n")]),
    stdio("large-output", """
        n = int(input())
        print("\\n".join(map(str, range(n))))
        """, [("20000\n", "\n".join(map(str, range(20000))) + "\n")]),
    stdio("large-input", """
        import sys

        data = sys.stdin.buffer.read().split()
        print(sum(map(int, data[1:])))
        """, [("50000\n" + " ".join(["7"] * 50000) + "\n", "350000\n")]),
    # --- output written at exit, and exits
    stdio("atexit-write-buffer", """
        import atexit
        import sys

        out = []
        atexit.register(lambda: sys.stdout.write("\\n".join(out) + "\\n"))
        for i in range(int(input())):
            out.append(str(i * 2))
        """, [("3\n", "0\n2\n4\n")]),
    stdio("atexit-stringio-swap", """
        import atexit
        import io
        import sys

        buffer = io.StringIO()
        sys.stdout = buffer


        @atexit.register
        def write():
            sys.__stdout__.write(buffer.getvalue())


        n = int(input())
        for i in range(n):
            print(i)
        """, [("3\n", "0\n1\n2\n")]),
    stdio("atexit-bytesio-os-write", """
        import atexit
        import io
        import os

        out = io.BytesIO()
        atexit.register(lambda: os.write(1, out.getvalue()))
        n = int(input())
        out.write((" ".join(str(i) for i in range(n)) + "\\n").encode())
        """, [("4\n", "0 1 2 3\n")]),
    stdio("sys-exit-after-print", """
        import sys

        n = int(input())
        if n < 0:
            print("negative")
            sys.exit(0)
        print("ok")
        """, [("-1\n", "negative\n"), ("2\n", "ok\n")]),
    stdio("exit-builtin", """
        n = int(input())
        print(n + 1)
        exit()
        print("unreachable")
        """, [("1\n", "2\n")]),
    stdio("raise-systemexit-main", """
        def main():
            print(sum(map(int, input().split())))
            return 0


        raise SystemExit(main())
        """, SUM_PAIRS[:2]),
    stdio("main-guard", """
        def solve(a, b):
            return a * b


        def main():
            a, b = map(int, input().split())
            print(solve(a, b))


        if __name__ == "__main__":
            main()
        """, [("3 4\n", "12\n")]),
    stdio("sigpipe-default-handler", """
        from signal import SIG_DFL, SIGPIPE, signal

        signal(SIGPIPE, SIG_DFL)
        n = int(input())
        print(n * 3)
        """, [("5\n", "15\n")]),
    stdio("signal-alarm-unused", """
        import signal

        signal.signal(signal.SIGINT, signal.default_int_handler)
        print(input().upper())
        """, [("abc\n", "ABC\n")]),
    # --- recursion and threads
    stdio("recursion-setrecursionlimit", """
        import sys

        sys.setrecursionlimit(10 ** 6)


        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        print(depth(int(input())))
        """, [("5000\n", "5000\n")]),
    stdio("thread-big-stack-recursion", """
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            children = [[] for _ in range(n)]
            for v in range(1, n):
                children[v - 1].append(v)

            def height(v):
                return 1 + max((height(c) for c in children[v]), default=0)

            print(height(0))


        sys.setrecursionlimit(1 << 25)
        threading.stack_size(1 << 27)
        thread = threading.Thread(target=main)
        thread.start()
        thread.join()
        """, [("20000\n", "20000\n")]),
    stdio("thread-plain", """
        import threading

        result = []


        def work():
            result.append(sum(range(int(input()) + 1)))


        t = threading.Thread(target=work)
        t.start()
        t.join()
        print(result[0])
        """, [("100\n", "5050\n")]),
    stdio("thread-started-not-joined", """
        import sys
        import threading


        def main():
            print(int(sys.stdin.readline()) ** 2)


        threading.Thread(target=main).start()
        """, [("12\n", "144\n")]),
    stdio("lru-cache-recursion", """
        import sys
        from functools import lru_cache

        sys.setrecursionlimit(10000)


        @lru_cache(maxsize=None)
        def ways(n):
            return 1 if n <= 1 else ways(n - 1) + ways(n - 2)


        print(ways(int(input())))
        """, [("90\n", "4660046610375530309\n")]),
    # --- algorithms in contest style
    stdio("bfs-grid", """
        from collections import deque

        r, c = map(int, input().split())
        grid = [input() for _ in range(r)]
        dist = [[-1] * c for _ in range(r)]
        dist[0][0] = 0
        q = deque([(0, 0)])
        while q:
            x, y = q.popleft()
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < r and 0 <= ny < c and grid[nx][ny] == "." and dist[nx][ny] < 0:
                    dist[nx][ny] = dist[x][y] + 1
                    q.append((nx, ny))
        print(dist[r - 1][c - 1])
        """, [("3 3\n..#\n#..\n#..\n", "4\n"), ("2 2\n.#\n#.\n", "-1\n")]),
    stdio("heapq-dijkstra", """
        import heapq
        import sys

        data = sys.stdin.read().split()
        n, m = int(data[0]), int(data[1])
        adj = [[] for _ in range(n + 1)]
        for i in range(m):
            u, v, w = (int(x) for x in data[2 + 3 * i:5 + 3 * i])
            adj[u].append((v, w))
            adj[v].append((u, w))
        dist = [float("inf")] * (n + 1)
        dist[1] = 0
        pq = [(0, 1)]
        while pq:
            d, u = heapq.heappop(pq)
            if d > dist[u]:
                continue
            for v, w in adj[u]:
                if d + w < dist[v]:
                    dist[v] = d + w
                    heapq.heappush(pq, (dist[v], v))
        print(*(d if d < float("inf") else -1 for d in dist[1:]))
        """, [("4 3\n1 2 5\n2 3 1\n1 3 10\n", "0 5 6 -1\n")]),
    stdio("dp-knapsack", """
        n, cap = map(int, input().split())
        best = [0] * (cap + 1)
        for _ in range(n):
            w, v = map(int, input().split())
            for c in range(cap, w - 1, -1):
                best[c] = max(best[c], best[c - w] + v)
        print(best[cap])
        """, [("3 5\n2 3\n3 4\n4 5\n", "7\n")]),
    stdio("sorting-with-key", """
        n = int(input())
        people = [input().split() for _ in range(n)]
        people.sort(key=lambda p: (-int(p[1]), p[0]))
        for name, score in people:
            print(name, score)
        """, [("3\nbob 5\nalice 7\ncarl 5\n", "alice 7\nbob 5\ncarl 5\n")]),
    stdio("counter-most-common", """
        from collections import Counter

        words = input().split()
        word, count = Counter(words).most_common(1)[0]
        print(word, count)
        """, [("a b a c a b\n", "a 3\n")]),
    stdio("decimal-precision", """
        from decimal import Decimal, getcontext

        getcontext().prec = 50
        a, b = input().split()
        print(Decimal(a) / Decimal(b))
        """, [("1 7\n", "0.14285714285714285714285714285714285714285714285714\n")]),
    stdio("fraction-output", """
        from fractions import Fraction

        a, b, c, d = map(int, input().split())
        print(Fraction(a, b) + Fraction(c, d))
        """, [("1 2 1 3\n", "5/6\n")]),
    stdio("numpy-in-script", """
        import numpy as np

        n = int(input())
        a = np.array(list(map(int, input().split())), dtype=np.int64)
        print(int(a.sum()), int(a.max()))
        print(*np.sort(a))
        """, [("4\n3 1 4 1\n", "9 4\n1 1 3 4\n")]),
    stdio("math-gcd-lcm", """
        import math

        a, b = map(int, input().split())
        print(math.gcd(a, b), a * b // math.gcd(a, b))
        """, [("12 18\n", "6 36\n")]),
    stdio("itertools-permutations", """
        from itertools import permutations

        s = input().strip()
        for p in sorted(set(permutations(s))):
            print("".join(p))
        """, [("aba\n", "aab\naba\nbaa\n")]),
    stdio("bisect-queries", """
        import bisect
        import sys

        input = sys.stdin.readline
        n, q = map(int, input().split())
        xs = sorted(map(int, input().split()))
        for _ in range(q):
            print(bisect.bisect_right(xs, int(input())))
        """, [("5 3\n1 3 5 7 9\n4\n9\n0\n", "2\n5\n0\n")]),
    stdio("class-based-solution", """
        class Solver:
            def __init__(self, values):
                self.values = values

            def answer(self):
                return max(self.values) - min(self.values)


        input()
        print(Solver(list(map(int, input().split()))).answer())
        """, [("3\n4 9 1\n", "8\n")]),
    stdio("dataclass-in-script", """
        from dataclasses import dataclass


        @dataclass(order=True)
        class Event:
            time: int
            name: str


        n = int(input())
        events = sorted(Event(int(t), name) for t, name in (input().split() for _ in range(n)))
        print(" ".join(e.name for e in events))
        """, [("3\n5 c\n1 a\n3 b\n", "a b c\n")]),
    stdio("future-annotations-typing", """
        from __future__ import annotations

        from typing import Iterable


        def total(xs: Iterable[int]) -> int:
            return sum(xs)


        print(total(map(int, input().split())))
        """, [("1 2 3\n", "6\n")]),
    stdio("generator-pipeline", """
        import sys


        def numbers():
            for line in sys.stdin:
                yield from map(int, line.split())


        print(sum(x for x in numbers() if x % 2 == 0))
        """, [("1 2 3\n4 5 6\n", "12\n")]),
    stdio("global-state-closure", """
        counter = 0


        def bump(k):
            global counter
            counter += k


        for x in map(int, input().split()):
            bump(x)
        print(counter)
        """, [("1 2 3\n", "6\n")]),
    stdio("string-processing", """
        s = input()
        vowels = sum(ch in "aeiou" for ch in s.lower())
        print(vowels, len(s) - vowels)
        """, [("Hello\n", "2 3\n")]),
    stdio("big-integers", """
        a, b = map(int, input().split())
        print(a ** b)
        """, [("2 200\n", str(2 ** 200) + "\n")]),
    stdio("float-output-repr", """
        x = float(input())
        print(x / 2)
        """, [("3\n", "1.5\n")]),
    stdio("bytes-stdout-flush-mix", """
        import sys

        print("a")
        sys.stdout.flush()
        sys.stdout.buffer.write(b"b\\n")
        sys.stdout.buffer.flush()
        print("c")
        """, [("", "a\nb\nc\n")]),
    stdio("input-prompt-free-matrix", """
        n = int(input())
        m = [list(map(int, input().split())) for _ in range(n)]
        print(sum(m[i][i] for i in range(n)))
        """, [("3\n1 2 3\n4 5 6\n7 8 9\n", "15\n")]),
    stdio("multiple-inputs-one-row", """
        a, b = input().split()
        print(b, a)
        """, [("x y\n", "y x\n"), ("1 2\n", "2 1\n"), ("hello world\n", "world hello\n")]),
    stdio("interleaved-test-cases-stdin-read", """
        import sys


        def solve(n, xs):
            return sum(1 for i in range(1, n) if xs[i] > xs[i - 1])


        def main():
            data = sys.stdin.read().split()
            pos = 0
            t = int(data[pos])
            pos += 1
            out = []
            for _ in range(t):
                n = int(data[pos])
                pos += 1
                xs = list(map(int, data[pos:pos + n]))
                pos += n
                out.append(str(solve(n, xs)))
            print("\\n".join(out))


        main()
        """, [("2\n3\n1 2 3\n4\n4 3 5 1\n", "2\n1\n")]),
    stdio("os-environment-free", """
        import os
        import sys

        print(os.path.basename("/a/b/c.txt"), len(sys.argv))
        """, [("", "c.txt 1\n")]),
    stdio("tempfile-scratch", """
        import tempfile

        with tempfile.TemporaryFile("w+") as f:
            f.write(input())
            f.seek(0)
            print(f.read()[::-1])
        """, [("abc\n", "cba\n")]),
    stdio("time-module-use", """
        import time

        start = time.perf_counter()
        n = int(input())
        print(n * 2)
        assert time.perf_counter() >= start
        """, [("4\n", "8\n")]),
    stdio("random-seeded", """
        import random

        random.seed(int(input()))
        xs = [random.randint(1, 6) for _ in range(5)]
        print(len(xs), all(1 <= x <= 6 for x in xs))
        """, [("1\n", "5 True\n")]),
    # The expected outputs were printed by another correct solution (a reference's "%.2f", an integer as a float):
    # the same numbers, other digits (LiveCodeBench compares such tokens as decimals).
    stdio("mean-printed-shortest", """
        n, *xs = map(int, open(0).read().split())
        print(sum(xs) / n)
        print(max(xs), min(xs))
        """, [("4\n1 2 3 4\n", "2.50\n4.0 1.0\n"), ("2\n10 30\n", "20.000\n30 10\n")]),
]
