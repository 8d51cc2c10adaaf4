"""A seventh held-out sweep (2026-12-05): completions as language models write them in RL training, not clean code,
each name led by ``s7-`` and the dataset it imitates (``cf-`` stdin programs, ``lcd-`` LeetCode rows, ``he-``
HumanEval checks, ``mbpp-`` assert lists).

Each completion is a chat answer: prose before and after, one or more fenced blocks (```python, ```py, ```Python3,
a bare ```), a ``<think>`` section with drafts, the function repeated with the prompt's docstring, helpers and
classes after the entry point, imports inside functions, ``if __name__ == "__main__":`` blocks and example prints,
``doctest.testmod()``, ``from typing import *``, ``list[int] | None`` hints, ``match``, walrus, nested f-strings,
HumanEval body continuations (bare and fenced) beside full functions, LeetCode ``class Solution`` answers using the
prompt's ``List``, stdin programs in ``main()``/``solve()`` per test case, ``exit()`` after an early answer,
``open(0)``, the fast-IO templates of Codeforces (``os.read(0, os.fstat(0).st_size)``, an ``atexit`` flush of a
buffered stdout). The code graded is the last fenced block tagged as Python, else the last fenced block, else the
whole text (`rewards.code.extract_code`; open-r1 takes the last ```python block, LiveCodeBench the lines between the
last two fence lines), with the prompt before a
HumanEval completion (`humaneval_program`): ``reference.run_plain`` runs exactly that in plain Python.

Proportions about as RL datasets have them: ~40% stdin programs, a quarter LeetCode rows, a fifth HumanEval, the
rest MBPP.

Found 2026-12-05: all 169 rows pass plain Python; 164 scored 1.0 at main's defaults (cffecfb and bae06b8, 2 cores).
Four failed for one cause, closed the same day: a completion was cut at 50,000 characters before its code was read,
so a reasoning model's answer after a 52,000-70,000-character ``<think>`` lost its final block (scored 0, or its
draft's score); `CodeTests` now reads the code from the text's first 500,000 characters and cuts the code at 50,000.
Looking at that cut found `extract_code`'s fence pattern quadratic in a run of blanks after ``` (2 s of CPU for
50,000), made linear. One is KNOWN_FAILING, a documented bound: a ``multiprocessing`` pool (no writable /dev/shm).
Code that exits 0 before the tests (``unittest.main()`` under ``__main__``) no longer passes the plain check vacuously
(`reference.RAN_MARK`). Three differences the sweep reported were closed after the merge: an output block after
the code was taken as the code (now the last Python block is), a full function's ``from __future__`` imports after
the prompt were a SyntaxError (now they open the program), and ``inspect.getsource`` of the completion's own
function raised in the job (its lines are in linecache now).
"""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

# Tribonacci counts mod 1e9+7 (steps of 1, 2 or 3), computed forward: the expected output of a memoised recursion.
_TRIB = [1, 1, 2]
for _i in range(3, 1501):
    _TRIB.append((_TRIB[-1] + _TRIB[-2] + _TRIB[-3]) % 1_000_000_007)

# --- stdin/stdout programs, as chat answers ---------------------------------------------------------------------------
STDIO: list[Case] = [
    stdio("s7-cf-prose-main-guard", r'''
        We just need to check whether the weight can be split into two even parts.

        ```python
        def main():
            w = int(input())
            if w % 2 == 0 and w > 2:
                print("YES")
            else:
                print("NO")


        if __name__ == "__main__":
            main()
        ```

        **Complexity:** O(1).
        ''', [("8\n", "YES\n"), ("2\n", "NO\n"), ("99\n", "NO\n")]),
    stdio("s7-cf-py-tag-solve-per-test", r'''
        For each test case we sort the array and take the difference of neighbours.

        ```py
        import sys
        input = sys.stdin.readline

        def solve():
            n = int(input())
            a = sorted(map(int, input().split()))
            print(min(a[i + 1] - a[i] for i in range(n - 1)))

        t = int(input())
        for _ in range(t):
            solve()
        ```
        ''', [("2\n3\n5 1 9\n4\n10 3 7 8\n", "4\n1\n")]),
    stdio("s7-cf-python3-tag-read-all", r'''
        Read everything at once for speed:

        ```Python3
        import sys

        data = sys.stdin.read().split()
        n = int(data[0])
        nums = list(map(int, data[1:n + 1]))
        print(sum(x for x in nums if x > 0))
        ```
        ''', [("5\n-1 2 -3 4 5\n", "11\n"), ("1\n-7\n", "0\n")]),
    stdio("s7-cf-bare-fence", r'''
        Solution:

        ```
        n, k = map(int, input().split())
        print((n + k - 1) // k)
        ```

        This is ceiling division.
        ''', [("10 3\n", "4\n"), ("9 3\n", "3\n")]),
    stdio("s7-cf-exit-after-early-answer", r'''
        If n is 1 there is nothing to do, so we print 0 and stop right away.

        ```python
        n = int(input())
        a = list(map(int, input().split()))
        if n == 1:
            print(0)
            exit()
        best = 0
        for i in range(1, n):
            best = max(best, abs(a[i] - a[i - 1]))
        print(best)
        ```
        ''', [("1\n5\n", "0\n"), ("4\n1 5 2 2\n", "4\n")]),
    stdio("s7-cf-sys-exit-early", r'''
        ```python
        import sys

        n = int(input())
        s = input().strip()
        for i in range(n - 1):
            if s[i] == s[i + 1]:
                print("NO")
                sys.exit(0)
        print("YES")
        ```
        ''', [("4\nabab\n", "YES\n"), ("3\naab\n", "NO\n")]),
    stdio("s7-cf-quit-builtin", r'''
        ```python
        x = int(input())
        if x < 0:
            print("negative")
            quit()
        print("non-negative")
        ```
        ''', [("-3\n", "negative\n"), ("0\n", "non-negative\n")]),
    stdio("s7-cf-raise-systemexit", r'''
        ```python
        import sys

        def main():
            n = int(sys.stdin.readline())
            print(n * (n + 1) // 2)
            raise SystemExit

        main()
        ```
        ''', [("4\n", "10\n"), ("100000\n", "5000050000\n")]),
    stdio("s7-cf-open-zero", r'''
        A one-liner style answer (AtCoder style):

        ```python
        n, *a = map(int, open(0).read().split())
        print(max(a) - min(a))
        ```
        ''', [("3\n4 9 1\n", "8\n"), ("1\n5\n", "0\n")]),
    stdio("s7-cf-open-zero-lines", r'''
        ```python
        lines = [*open(0)]
        t = int(lines[0])
        for line in lines[1:t + 1]:
            a, b = map(int, line.split())
            print(a ^ b)
        ```
        ''', [("3\n1 2\n5 5\n7 0\n", "3\n0\n7\n")]),
    stdio("s7-cf-fstat-bytesio-readline", r'''
        I'll use the fast input trick from competitive programming:

        ```python
        import io
        import os

        input = io.BytesIO(os.read(0, os.fstat(0).st_size)).readline

        n = int(input())
        a = list(map(int, input().split()))
        prefix = 0
        best = -10**18
        lo = 0
        for x in a:
            prefix += x
            best = max(best, prefix - lo)
            lo = min(lo, prefix)
        print(best)
        ```

        This is Kadane's algorithm written with prefix sums.
        ''', [("5\n-2 1 -3 4 -1\n", "4\n"), ("3\n-5 -1 -7\n", "-1\n")]),
    stdio("s7-cf-pyrival-fastio-template", r'''
        Here is my solution using the standard FastIO template.

        ```python
        import os
        import sys
        from io import BytesIO, IOBase

        BUFSIZE = 8192


        class FastIO(IOBase):
            newlines = 0

            def __init__(self, file):
                self._fd = file.fileno()
                self.buffer = BytesIO()
                self.writable = "x" in file.mode or "r" not in file.mode
                self.write = self.buffer.write if self.writable else None

            def read(self):
                while True:
                    b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
                    if not b:
                        break
                    ptr = self.buffer.tell()
                    self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
                self.newlines = 0
                return self.buffer.read()

            def readline(self):
                while self.newlines == 0:
                    b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
                    self.newlines = b.count(b"\n") + (not b)
                    ptr = self.buffer.tell()
                    self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
                self.newlines -= 1
                return self.buffer.readline()

            def flush(self):
                if self.writable:
                    os.write(self._fd, self.buffer.getvalue())
                    self.buffer.truncate(0), self.buffer.seek(0)


        class IOWrapper(IOBase):
            def __init__(self, file):
                self.buffer = FastIO(file)
                self.flush = self.buffer.flush
                self.writable = self.buffer.writable
                self.write = lambda s: self.buffer.write(s.encode("ascii"))
                self.read = lambda: self.buffer.read().decode("ascii")
                self.readline = lambda: self.buffer.readline().decode("ascii")


        sys.stdin, sys.stdout = IOWrapper(sys.stdin), IOWrapper(sys.stdout)
        input = lambda: sys.stdin.readline().rstrip("\r\n")


        def main():
            t = int(input())
            for _ in range(t):
                n = int(input())
                a = list(map(int, input().split()))
                print(sum(a) - min(a))


        if __name__ == "__main__":
            main()
        ```
        ''', [("2\n3\n1 2 3\n2\n5 5\n", "5\n5\n")]),
    stdio("s7-cf-atexit-buffered-stdout", r'''
        Output is buffered and written once at exit, which is much faster for many lines:

        ```python
        import atexit
        import io
        import sys

        _buffer = io.StringIO()
        sys.stdout = _buffer


        @atexit.register
        def _flush():
            sys.__stdout__.write(_buffer.getvalue())


        n = int(input())
        for i in range(1, n + 1):
            print(i * i)
        ```
        ''', [("3\n", "1\n4\n9\n"), ("1\n", "1\n")]),
    stdio("s7-cf-stderr-debug-prints", r'''
        ```python
        import sys

        def debug(*args):
            print(*args, file=sys.stderr)

        n = int(input())
        a = list(map(int, input().split()))
        debug("read", n, a)
        ans = sum(1 for x in a if x % 2 == 0)
        debug("answer", ans)
        print(ans)
        ```
        The `debug` calls go to stderr, so they don't affect the judged output.
        ''', [("4\n1 2 3 4\n", "2\n")]),
    stdio("s7-cf-local-input-file-guard", r'''
        ```python
        import os
        import sys

        if os.path.exists("input.txt"):
            sys.stdin = open("input.txt", "r")

        a, b = map(int, input().split())
        print(a + b)
        ```
        ''', [("2 3\n", "5\n"), ("-1 1\n", "0\n")]),
    stdio("s7-cf-try-open-input-file", r'''
        ```python
        import sys
        try:
            sys.stdin = open('input.txt')
        except FileNotFoundError:
            pass

        s = input()
        print(s[::-1])
        ```
        ''', [("hello\n", "olleh\n")]),
    stdio("s7-cf-recursionlimit-dfs-main", r'''
        We run a DFS from vertex 1 and count the vertices of its component.

        ```python
        import sys
        sys.setrecursionlimit(10**6)

        def main():
            n, m = map(int, sys.stdin.readline().split())
            g = [[] for _ in range(n + 1)]
            for _ in range(m):
                u, v = map(int, sys.stdin.readline().split())
                g[u].append(v)
                g[v].append(u)
            seen = [False] * (n + 1)

            def dfs(u):
                seen[u] = True
                for w in g[u]:
                    if not seen[w]:
                        dfs(w)

            dfs(1)
            print(sum(seen))

        main()
        ```
        ''', [("5 3\n1 2\n2 3\n4 5\n", "3\n"), ("3000 2999\n" + "".join(f"{i} {i + 1}\n" for i in range(1, 3000)),
                                                    "3000\n")]),
    stdio("s7-cf-threading-stack-size", r'''
        Deep recursion needs a bigger stack, so the work runs in a thread:

        ```python
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            par = [0] + list(map(int, sys.stdin.readline().split()))
            children = [[] for _ in range(n + 1)]
            for v in range(2, n + 1):
                children[par[v - 1]].append(v)

            def depth(u):
                return 1 + max((depth(c) for c in children[u]), default=0)

            print(depth(1))


        sys.setrecursionlimit(1 << 20)
        threading.stack_size(1 << 26)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        ```
        ''', [("4\n1 1 2\n", "3\n"), ("2000\n" + " ".join(str(i) for i in range(1, 2000)) + "\n", "2000\n")]),
    stdio("s7-cf-lru-cache-recursion", r'''
        ```python
        import sys
        from functools import lru_cache

        sys.setrecursionlimit(10000)

        @lru_cache(maxsize=None)
        def ways(n):
            if n < 0:
                return 0
            if n == 0:
                return 1
            return (ways(n - 1) + ways(n - 2) + ways(n - 3)) % 1_000_000_007

        print(ways(int(input())))
        ```
        ''', [("4\n", "7\n"), ("1500\n", f"{_TRIB[1500]}\n")]),
    stdio("s7-cf-print-star-sep-newline", r'''
        Sort and print one per line:

        ```python
        n = int(input())
        a = sorted(map(int, input().split()), reverse=True)
        print(*a, sep="\n")
        ```
        ''', [("3\n2 9 4\n", "9\n4\n2\n")]),
    stdio("s7-cf-stdout-write-join", r'''
        ```python
        from sys import stdin, stdout

        def main():
            q = int(stdin.readline())
            res = []
            for _ in range(q):
                x = int(stdin.readline())
                res.append("Even" if x % 2 == 0 else "Odd")
            stdout.write("\n".join(res) + "\n")

        main()
        ```
        ''', [("3\n4\n7\n0\n", "Even\nOdd\nEven\n")]),
    stdio("s7-cf-for-line-in-stdin", r'''
        We don't know how many lines there are, so iterate over stdin:

        ```python
        import sys

        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            a, b = map(int, line.split())
            print(a * b)
        ```
        ''', [("2 3\n4 5\n10 10\n", "6\n20\n100\n")]),
    stdio("s7-cf-eof-loop", r'''
        ```python
        total = 0
        while True:
            try:
                line = input()
            except EOFError:
                break
            total += sum(map(int, line.split()))
        print(total)
        ```
        ''', [("1 2 3\n4\n5 6\n", "21\n"), ("7", "7\n")]),
    stdio("s7-cf-readlines", r'''
        ```python
        import sys

        lines = sys.stdin.readlines()
        n = int(lines[0])
        words = [lines[i + 1].strip() for i in range(n)]
        print(max(words, key=len))
        ```
        ''', [("3\nab\nabcd\nabc\n", "abcd\n")]),
    stdio("s7-cf-float-format", r'''
        The answer is the average, printed with 6 decimal places.

        ```python
        n = int(input())
        a = list(map(int, input().split()))
        print(f"{sum(a) / n:.6f}")
        ```
        ''', [("3\n1 2 4\n", "2.333333\n"), ("2\n1 2\n", "1.500000\n")]),
    stdio("s7-cf-percent-format", r'''
        ```python
        import math

        r = float(input())
        print("%.10f" % (math.pi * r * r))
        ```
        ''', [("1\n", "3.1415926536\n"), ("2.5\n", "19.6349540849\n")]),
    stdio("s7-cf-think-then-answer", r'''
        <think>
        Let me think. We need the number of distinct values. A set works. Let me draft:

        ```python
        n = int(input())
        print(len(input().split()))
        ```

        Wait, that counts all values, not distinct ones. Fix it with a set.
        </think>

        The answer is the size of the set of values.

        ```python
        n = int(input())
        print(len(set(input().split())))
        ```
        ''', [("5\n1 2 2 3 3\n", "3\n"), ("1\n9\n", "1\n")]),
    stdio("s7-cf-draft-then-final-block", r'''
        A first attempt:

        ```python
        s = input()
        print(s.count("a"))
        ```

        But the task asks for vowels, not just `a`. Final version:

        ```python
        s = input()
        print(sum(ch in "aeiou" for ch in s))
        ```
        ''', [("banana\n", "3\n"), ("xyz\n", "0\n")]),
    stdio("s7-cf-sample-block-then-code", r'''
        For the sample input

        ```
        3
        1 2 3
        ```

        the answer is 6, the sum. Code:

        ```python
        input()
        print(sum(map(int, input().split())))
        ```
        ''', [("3\n1 2 3\n", "6\n")]),
    stdio("s7-cf-numpy-cumsum", r'''
        Using numpy for the prefix sums:

        ```python
        import sys
        import numpy as np

        def main():
            data = sys.stdin.buffer.read().split()
            n, q = int(data[0]), int(data[1])
            a = np.array(data[2:2 + n], dtype=np.int64)
            pre = np.concatenate(([0], np.cumsum(a)))
            qs = np.array(data[2 + n:2 + n + 2 * q], dtype=np.int64).reshape(q, 2)
            ans = pre[qs[:, 1]] - pre[qs[:, 0] - 1]
            print("\n".join(map(str, ans.tolist())))

        main()
        ```
        ''', [("5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n", "15\n5\n4\n")]),
    stdio("s7-cf-typed-dataclass-match", r'''
        I'll model the commands explicitly with a dataclass and dispatch with `match`:

        ```python
        from __future__ import annotations

        import sys
        from dataclasses import dataclass, field


        @dataclass
        class Stack:
            items: list[int] = field(default_factory=list)

            def top(self) -> int | None:
                return self.items[-1] if self.items else None


        def main() -> None:
            st = Stack()
            out: list[str] = []
            for line in sys.stdin.read().splitlines()[1:]:
                match line.split():
                    case ["push", x]:
                        st.items.append(int(x))
                    case ["pop"]:
                        if st.items:
                            st.items.pop()
                    case ["top"]:
                        out.append(str(t) if (t := st.top()) is not None else "empty")
                    case _:
                        pass
            print("\n".join(out))


        if __name__ == "__main__":
            main()
        ```
        ''', [("6\npush 3\npush 5\ntop\npop\ntop\npop\n", "5\n3\n"),
              ("3\ntop\npush 1\ntop\n", "empty\n1\n")]),
    stdio("s7-cf-walrus-while-readline", r'''
        ```python
        import sys

        count = 0
        while (line := sys.stdin.readline()):
            if line.strip() == "0":
                break
            count += 1
        print(count)
        ```
        ''', [("5\n7\n0\n9\n", "2\n")]),
    stdio("s7-cf-nested-fstring", r'''
        ```python
        n = int(input())
        names = [input().split() for _ in range(n)]
        for first, score in names:
            print(f"{first}: {f'{int(score):>3}'}")
        ```
        ''', [("2\nann 7\nbob 42\n", "ann: 7\nbob: 42\n")]),
    stdio("s7-cf-print-flush", r'''
        ```python
        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print(max(a, b), flush=True)
        ```
        ''', [("2\n1 9\n4 3\n", "9\n4\n")]),
    stdio("s7-cf-star-imports", r'''
        ```python
        from math import *
        from collections import *

        n = int(input())
        words = input().split()
        c = Counter(words)
        print(c.most_common(1)[0][0], gcd(n, len(c)))
        ```
        ''', [("6\na b a c a b\n", "a 3\n")]),
    stdio("s7-cf-shebang-coding", r'''
        ```python
        #!/usr/bin/env python3
        # -*- coding: utf-8 -*-
        """Codeforces 4A."""

        def solve(w: int) -> str:
            return "YES" if w > 2 and w % 2 == 0 else "NO"


        if __name__ == "__main__":
            print(solve(int(input())))
        ```
        ''', [("6\n", "YES\n"), ("3\n", "NO\n")]),
    stdio("s7-cf-main-returns-code-sys-exit", r'''
        ```python
        import sys


        def main() -> int:
            n = int(sys.stdin.readline())
            print(bin(n).count("1"))
            return 0


        if __name__ == "__main__":
            sys.exit(main())
        ```
        ''', [("7\n", "3\n"), ("1024\n", "1\n")]),
    stdio("s7-cf-stdin-buffer-readline", r'''
        ```python
        import sys
        input = sys.stdin.buffer.readline

        n = int(input())
        a = list(map(int, input().split()))
        print(sum(a) % 998244353)
        ```
        ''', [("3\n998244353 1 2\n", "3\n")]),
    stdio("s7-cf-lambda-input-rstrip", r'''
        ```python
        import sys
        input = lambda: sys.stdin.readline().rstrip("\r\n")

        s = input()
        t = input()
        print("YES" if sorted(s) == sorted(t) else "NO")
        ```
        ''', [("listen\nsilent\n", "YES\n"), ("abc\nabd\n", "NO\n")]),
    stdio("s7-cf-example-in-prose-code-at-end", r'''
        ## Approach

        Count how many times each letter occurs and answer `YES` when at most one letter has an odd count.
        For example `aab` can be rearranged into `aba`.

        ## Code

        ```python
        from collections import Counter

        s = input().strip()
        odd = sum(v % 2 for v in Counter(s).values())
        print("YES" if odd <= 1 else "NO")
        ```

        ## Complexity
        - Time: O(n)
        - Space: O(1) (26 letters)
        ''', [("aab\n", "YES\n"), ("abc\n", "NO\n")]),
    stdio("s7-cf-solve-returns-joined", r'''
        ```python
        def solve(n: int, a: list[int]) -> str:
            res = []
            cur = 0
            for x in a:
                cur = max(cur + x, x)
                res.append(cur)
            return " ".join(map(str, res))


        def main():
            n = int(input())
            a = list(map(int, input().split()))
            print(solve(n, a))


        main()
        ```
        ''', [("4\n1 -2 3 4\n", "1 -1 3 7\n")]),
    stdio("s7-cf-t-is-one-comment", r'''
        ```python
        import sys
        input = sys.stdin.readline


        def solve():
            n = int(input())
            print(n // 2 + 1)


        t = 1
        # t = int(input())
        for _ in range(t):
            solve()
        ```
        ''', [("5\n", "3\n"), ("8\n", "5\n")]),
    stdio("s7-cf-heapq-k-smallest", r'''
        We keep a heap of the current candidates.

        ```python
        import heapq
        import sys

        def main():
            it = iter(sys.stdin.read().split())
            n, k = int(next(it)), int(next(it))
            a = [int(next(it)) for _ in range(n)]
            print(*heapq.nsmallest(k, a))

        main()
        ```
        ''', [("5 2\n5 1 4 2 3\n", "1 2\n")]),
    stdio("s7-cf-bisect-queries", r'''
        ```python
        import sys
        from bisect import bisect_right


        def main():
            input = sys.stdin.readline
            n = int(input())
            prices = sorted(map(int, input().split()))
            q = int(input())
            out = []
            for _ in range(q):
                m = int(input())
                out.append(bisect_right(prices, m))
            print(*out, sep="\n")


        main()
        ```
        ''', [("5\n3 10 8 6 11\n4\n1\n10\n3\n11\n", "0\n4\n1\n5\n")]),
    stdio("s7-cf-class-based-solver", r'''
        I'll write it as a small class so the logic is easy to test.

        ```python
        import sys


        class Solver:
            def __init__(self, text: str) -> None:
                self.tokens = text.split()
                self.pos = 0

            def next_int(self) -> int:
                self.pos += 1
                return int(self.tokens[self.pos - 1])

            def run(self) -> str:
                t = self.next_int()
                answers = []
                for _ in range(t):
                    a, b, c = self.next_int(), self.next_int(), self.next_int()
                    answers.append("YES" if a + b == c or a + c == b or b + c == a else "NO")
                return "\n".join(answers)


        print(Solver(sys.stdin.read()).run())
        ```
        ''', [("3\n1 4 3\n2 5 8\n9 11 20\n", "YES\nNO\nYES\n")]),
    stdio("s7-cf-generator-tokens", r'''
        ```python
        import sys


        def tokens():
            for line in sys.stdin:
                yield from line.split()


        def main():
            tk = tokens()
            n = int(next(tk))
            grid = [next(tk) for _ in range(n)]
            print(sum(row.count("#") for row in grid))


        main()
        ```
        ''', [("3\n#.#\n...\n.##\n", "4\n")]),
    stdio("s7-cf-yes-no-lowercase-variants", r'''
        ```python
        for _ in range(int(input())):
            s = input()
            print("YES" if s == s[::-1] else "NO")
        ```
        ''', [("3\naba\nab\nz\n", "YES\nNO\nYES\n")]),
    stdio("s7-cf-resource-stack-limit", r'''
        ```python
        import resource
        import sys

        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))
        sys.setrecursionlimit(100000)


        def f(n):
            return 0 if n == 0 else 1 + f(n - 1)


        print(f(int(input())))
        ```
        ''', [("50\n", "50\n"), ("5000\n", "5000\n")]),
    stdio("s7-cf-time-import-unused", r'''
        ```python
        import time
        import sys
        start = time.perf_counter()

        n = int(sys.stdin.readline())
        print(sum(i * i for i in range(1, n + 1)))
        print(f"elapsed {time.perf_counter() - start:.3f}s", file=sys.stderr)
        ```
        ''', [("3\n", "14\n")]),
    stdio("s7-cf-print-end-space", r'''
        ```python
        n = int(input())
        for i in range(n, 0, -1):
            print(i, end=" ")
        print()
        ```
        ''', [("4\n", "4 3 2 1\n")]),
    stdio("s7-cf-input-strip-split-lines", r'''
        ```python
        import sys

        data = sys.stdin.read().strip().split("\n")
        n, m = map(int, data[0].split())
        grid = data[1:1 + n]
        cols = ["".join(row[j] for row in grid) for j in range(m)]
        print("\n".join(cols))
        ```
        ''', [("2 3\nabc\ndef\n", "ad\nbe\ncf\n")]),
    stdio("s7-cf-output-then-trailing-blank", r'''
        ```python
        a = list(map(int, input().split()))
        print(" ".join(str(x * 2) for x in a) + " ")
        print()
        ```
        ''', [("1 2 3\n", "2 4 6\n")]),
]

# --- LeetCode rows (LeetCodeDataset's prompt imports ``typing``'s names and defines ListNode/TreeNode) ----------------
LEETCODE: list[Case] = [
    lc("s7-lcd-two-sum-prose-list-unimported", r'''
        ### Intuition
        Store each number's index in a hash map; for each `x`, check whether `target - x` was seen.

        ### Code
        ```python
        class Solution:
            def twoSum(self, nums: List[int], target: int) -> List[int]:
                seen = {}
                for i, x in enumerate(nums):
                    if target - x in seen:
                        return [seen[target - x], i]
                    seen[x] = i
                return []
        ```

        ### Complexity
        - Time complexity: $$O(n)$$
        - Space complexity: $$O(n)$$
        ''', "twoSum", """
        def check(candidate):
            assert candidate(nums=[2, 7, 11, 15], target=9) == [0, 1]
            assert candidate(nums=[3, 2, 4], target=6) == [1, 2]
            assert candidate(nums=[3, 3], target=6) == [0, 1]
        """),
    lc("s7-lcd-example-usage-print", r'''
        ```python
        class Solution:
            def maxProfit(self, prices: List[int]) -> int:
                lo = float("inf")
                best = 0
                for p in prices:
                    lo = min(lo, p)
                    best = max(best, p - lo)
                return best


        # Example usage:
        sol = Solution()
        print(sol.maxProfit([7, 1, 5, 3, 6, 4]))  # Output: 5
        print(sol.maxProfit([7, 6, 4, 3, 1]))  # Output: 0
        ```
        ''', "maxProfit", """
        def check(candidate):
            assert candidate(prices=[7, 1, 5, 3, 6, 4]) == 5
            assert candidate(prices=[7, 6, 4, 3, 1]) == 0
            assert candidate(prices=[1]) == 0
        """),
    lc("s7-lcd-main-guard-test-prints", r'''
        Here's the solution with a quick test at the bottom:

        ```python
        from typing import List


        class Solution:
            def containsDuplicate(self, nums: List[int]) -> bool:
                return len(set(nums)) != len(nums)


        if __name__ == "__main__":
            s = Solution()
            print(s.containsDuplicate([1, 2, 3, 1]))  # True
            print(s.containsDuplicate([1, 2, 3, 4]))  # False
        ```
        ''', "containsDuplicate", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3, 1]) is True
            assert candidate(nums=[1, 2, 3, 4]) is False
            assert candidate(nums=[]) is False
        """),
    lc("s7-lcd-definition-comment-listnode", r'''
        ```python
        # Definition for singly-linked list.
        # class ListNode:
        #     def __init__(self, val=0, next=None):
        #         self.val = val
        #         self.next = next
        class Solution:
            def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
                prev = None
                while head:
                    head.next, prev, head = prev, head, head.next
                return prev
        ```
        Iteratively flip each pointer.
        ''', "reverseList", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([5, 4, 3, 2, 1]))
            assert is_same_list(candidate(head=list_node([1, 2])), list_node([2, 1]))
            assert candidate(head=None) is None
        """),
    lc("s7-lcd-redefines-listnode", r'''
        ```python
        from typing import Optional


        class ListNode:
            def __init__(self, val=0, next=None):
                self.val = val
                self.next = next


        class Solution:
            def mergeTwoLists(self, list1: Optional[ListNode], list2: Optional[ListNode]) -> Optional[ListNode]:
                dummy = tail = ListNode()
                while list1 and list2:
                    if list1.val <= list2.val:
                        tail.next, list1 = list1, list1.next
                    else:
                        tail.next, list2 = list2, list2.next
                    tail = tail.next
                tail.next = list1 or list2
                return dummy.next
        ```
        ''', "mergeTwoLists", """
        def check(candidate):
            assert is_same_list(candidate(list1=list_node([1, 2, 4]), list2=list_node([1, 3, 4])),
                                list_node([1, 1, 2, 3, 4, 4]))
            assert candidate(list1=None, list2=None) is None
            assert is_same_list(candidate(list1=None, list2=list_node([0])), list_node([0]))
        """),
    lc("s7-lcd-redefines-treenode-builds-new", r'''
        ```python
        class TreeNode:
            def __init__(self, val=0, left=None, right=None):
                self.val = val
                self.left = left
                self.right = right


        class Solution:
            def sortedArrayToBST(self, nums: List[int]) -> Optional[TreeNode]:
                def build(lo, hi):
                    if lo > hi:
                        return None
                    mid = (lo + hi) // 2
                    return TreeNode(nums[mid], build(lo, mid - 1), build(mid + 1, hi))

                return build(0, len(nums) - 1)
        ```
        ''', "sortedArrayToBST", """
        def check(candidate):
            def inorder(t):
                return inorder(t.left) + [t.val] + inorder(t.right) if t else []

            def height(t):
                return 1 + max(height(t.left), height(t.right)) if t else 0

            root = candidate(nums=[-10, -3, 0, 5, 9])
            assert inorder(root) == [-10, -3, 0, 5, 9]
            assert height(root) == 3
            assert candidate(nums=[]) is None
        """),
    lc("s7-lcd-two-blocks-brute-then-optimal", r'''
        **Brute force** (too slow for large inputs):

        ```python
        class Solution:
            def maxSubArray(self, nums: List[int]) -> int:
                return max(sum(nums[i:j]) for i in range(len(nums)) for j in range(i + 1, len(nums) + 1))
        ```

        **Optimal** (Kadane's algorithm):

        ```python
        class Solution:
            def maxSubArray(self, nums: List[int]) -> int:
                best = cur = nums[0]
                for x in nums[1:]:
                    cur = max(x, cur + x)
                    best = max(best, cur)
                return best
        ```
        ''', "maxSubArray", """
        def check(candidate):
            assert candidate(nums=[-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6
            assert candidate(nums=[1]) == 1
            assert candidate(nums=[-3, -2]) == -2
            assert candidate(nums=list(range(-5000, 5000))) == sum(range(1, 5000))
        """),
    lc("s7-lcd-from-typing-star", r'''
        ```python
        from typing import *


        class Solution:
            def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
                groups: Dict[Tuple[str, ...], List[str]] = {}
                for s in strs:
                    groups.setdefault(tuple(sorted(s)), []).append(s)
                return list(groups.values())
        ```
        ''', "groupAnagrams", """
        def check(candidate):
            out = candidate(strs=["eat", "tea", "tan", "ate", "nat", "bat"])
            assert sorted(sorted(g) for g in out) == [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
            assert candidate(strs=[""]) == [[""]]
        """),
    lc("s7-lcd-pep604-hints", r'''
        ```python
        class Solution:
            def searchInsert(self, nums: list[int], target: int) -> int:
                lo: int = 0
                hi: int = len(nums)
                while lo < hi:
                    mid = (lo + hi) // 2
                    if nums[mid] < target:
                        lo = mid + 1
                    else:
                        hi = mid
                return lo

            def _unused(self, x: int | None = None) -> dict[str, int] | None:
                return None if x is None else {"x": x}
        ```
        ''', "searchInsert", """
        def check(candidate):
            assert candidate(nums=[1, 3, 5, 6], target=5) == 2
            assert candidate(nums=[1, 3, 5, 6], target=2) == 1
            assert candidate(nums=[1, 3, 5, 6], target=7) == 4
        """),
    lc("s7-lcd-match-statement", r'''
        Use a stack; `match` makes the bracket pairs explicit.

        ```python
        class Solution:
            def isValid(self, s: str) -> bool:
                stack = []
                for ch in s:
                    match ch:
                        case "(" | "[" | "{":
                            stack.append(ch)
                        case ")" if stack and stack[-1] == "(":
                            stack.pop()
                        case "]" if stack and stack[-1] == "[":
                            stack.pop()
                        case "}" if stack and stack[-1] == "{":
                            stack.pop()
                        case _:
                            return False
                return not stack
        ```
        ''', "isValid", """
        def check(candidate):
            assert candidate(s="()[]{}") is True
            assert candidate(s="(]") is False
            assert candidate(s="([{}])") is True
            assert candidate(s="(") is False
        """),
    lc("s7-lcd-walrus-and-import-inside", r'''
        ```python
        class Solution:
            def topKFrequent(self, nums: List[int], k: int) -> List[int]:
                from collections import Counter
                import heapq

                if (n := len(nums)) == k:
                    return sorted(set(nums), key=nums.index)
                counts = Counter(nums)
                return [x for x, _ in heapq.nlargest(k, counts.items(), key=lambda kv: kv[1])]
        ```
        ''', "topKFrequent", """
        def check(candidate):
            assert sorted(candidate(nums=[1, 1, 1, 2, 2, 3], k=2)) == [1, 2]
            assert candidate(nums=[1], k=1) == [1]
        """),
    lc("s7-lcd-helper-function-after-class", r'''
        ```python
        class Solution:
            def isPalindrome(self, s: str) -> bool:
                cleaned = normalize(s)
                return cleaned == cleaned[::-1]


        def normalize(s: str) -> str:
            return "".join(ch.lower() for ch in s if ch.isalnum())
        ```
        The helper is defined after the class, which is fine since it's only looked up when the method runs.
        ''', "isPalindrome", """
        def check(candidate):
            assert candidate(s="A man, a plan, a canal: Panama") is True
            assert candidate(s="race a car") is False
            assert candidate(s=" ") is True
        """),
    lc("s7-lcd-cache-decorator-nested", r'''
        ```python
        from functools import cache


        class Solution:
            def climbStairs(self, n: int) -> int:
                @cache
                def f(i: int) -> int:
                    return 1 if i <= 1 else f(i - 1) + f(i - 2)

                return f(n)
        ```
        ''', "climbStairs", """
        def check(candidate):
            assert candidate(n=2) == 2
            assert candidate(n=3) == 3
            assert candidate(n=45) == 1836311903
        """),
    lc("s7-lcd-in-place-modifies", r'''
        Do not return anything, modify nums in-place instead:

        ```python
        class Solution:
            def moveZeroes(self, nums: List[int]) -> None:
                """
                Do not return anything, modify nums in-place instead.
                """
                j = 0
                for i in range(len(nums)):
                    if nums[i] != 0:
                        nums[i], nums[j] = nums[j], nums[i]
                        j += 1
        ```
        ''', "moveZeroes", """
        def check(candidate):
            nums = [0, 1, 0, 3, 12]
            candidate(nums)
            assert nums == [1, 3, 12, 0, 0]
            nums = [0]
            candidate(nums)
            assert nums == [0]
        """),
    lc("s7-lcd-tree-bfs-deque", r'''
        BFS level by level:

        ```python
        from collections import deque
        from typing import List, Optional


        class Solution:
            def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
                if not root:
                    return []
                res, q = [], deque([root])
                while q:
                    level = []
                    for _ in range(len(q)):
                        node = q.popleft()
                        level.append(node.val)
                        if node.left:
                            q.append(node.left)
                        if node.right:
                            q.append(node.right)
                    res.append(level)
                return res
        ```
        ''', "levelOrder", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == [[3], [9, 20], [15, 7]]
            assert candidate(root=tree_node([1])) == [[1]]
            assert candidate(root=tree_node([])) == []
        """),
    lc("s7-lcd-uses-prompt-inf-and-star", r'''
        ```python
        class Solution:
            def minCostClimbingStairs(self, cost: List[int]) -> int:
                n = len(cost)
                dp = [inf] * (n + 1)
                dp[0] = dp[1] = 0
                for i in range(2, n + 1):
                    dp[i] = min(dp[i - 1] + cost[i - 1], dp[i - 2] + cost[i - 2])
                return dp[n]
        ```
        ''', "minCostClimbingStairs", """
        def check(candidate):
            assert candidate(cost=[10, 15, 20]) == 15
            assert candidate(cost=[1, 100, 1, 1, 1, 100, 1, 1, 100, 1]) == 6
        """),
    lc("s7-lcd-think-section", r'''
        <think>
        The problem asks for the length of the longest substring without repeating characters. Sliding window:
        keep the last index of each character, move the left edge past a repeat. Let me verify with "abcabcbb":
        windows abc -> length 3. Good. Edge case: empty string gives 0.
        </think>

        ```python
        class Solution:
            def lengthOfLongestSubstring(self, s: str) -> int:
                last = {}
                left = best = 0
                for right, ch in enumerate(s):
                    if last.get(ch, -1) >= left:
                        left = last[ch] + 1
                    last[ch] = right
                    best = max(best, right - left + 1)
                return best
        ```
        ''', "lengthOfLongestSubstring", """
        def check(candidate):
            assert candidate(s="abcabcbb") == 3
            assert candidate(s="bbbbb") == 1
            assert candidate(s="pwwkew") == 3
            assert candidate(s="") == 0
        """),
    lc("s7-lcd-py-tag-staticmethod-helper", r'''
        ```py
        class Solution:
            def countPrimes(self, n: int) -> int:
                return sum(self._sieve(n))

            @staticmethod
            def _sieve(n: int) -> list[bool]:
                if n < 3:
                    return []
                is_p = [True] * n
                is_p[0] = is_p[1] = False
                for i in range(2, int(n ** 0.5) + 1):
                    if is_p[i]:
                        is_p[i * i::i] = [False] * len(range(i * i, n, i))
                return is_p
        ```
        ''', "countPrimes", """
        def check(candidate):
            assert candidate(n=10) == 4
            assert candidate(n=0) == 0
            assert candidate(n=1) == 0
            assert candidate(n=100000) == 9592
        """),
    lc("s7-lcd-class-attr-and-init", r'''
        ```python
        class Solution:
            DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))

            def __init__(self):
                self.calls = 0

            def numIslands(self, grid: List[List[str]]) -> int:
                self.calls += 1
                m, n = len(grid), len(grid[0])
                seen = set()
                count = 0
                for i in range(m):
                    for j in range(n):
                        if grid[i][j] == "1" and (i, j) not in seen:
                            count += 1
                            stack = [(i, j)]
                            seen.add((i, j))
                            while stack:
                                x, y = stack.pop()
                                for dx, dy in self.DIRS:
                                    a, b = x + dx, y + dy
                                    if 0 <= a < m and 0 <= b < n and grid[a][b] == "1" and (a, b) not in seen:
                                        seen.add((a, b))
                                        stack.append((a, b))
                return count
        ```
        ''', "numIslands", """
        def check(candidate):
            assert candidate(grid=[["1", "1", "0"], ["1", "0", "0"], ["0", "0", "1"]]) == 2
            assert candidate(grid=[["0"]]) == 0
        """),
    lc("s7-lcd-recursion-limit-in-answer", r'''
        ```python
        import sys
        sys.setrecursionlimit(10**5)


        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                if root is None:
                    return 0
                return 1 + max(self.maxDepth(root.left), self.maxDepth(root.right))
        ```
        ''', "maxDepth", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 3
            assert candidate(root=tree_node([1, None, 2])) == 2
            assert candidate(root=None) == 0
        """),
    lc("s7-lcd-bisect-module-prompt", r'''
        ```python
        class Solution:
            def lengthOfLIS(self, nums: List[int]) -> int:
                tails = []
                for x in nums:
                    i = bisect_left(tails, x)
                    if i == len(tails):
                        tails.append(x)
                    else:
                        tails[i] = x
                return len(tails)
        ```
        `bisect_left` comes from the `bisect` module (already imported in the LeetCode environment).
        ''', "lengthOfLIS", """
        def check(candidate):
            assert candidate(nums=[10, 9, 2, 5, 3, 7, 101, 18]) == 4
            assert candidate(nums=[0, 1, 0, 3, 2, 3]) == 4
            assert candidate(nums=[7, 7, 7]) == 1
        """),
    lc("s7-lcd-nested-fstring-return", r'''
        ```python
        class Solution:
            def summaryRanges(self, nums: List[int]) -> List[str]:
                out = []
                i = 0
                while i < len(nums):
                    j = i
                    while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
                        j += 1
                    out.append(f"{nums[i]}" if i == j else f"{nums[i]}->{f'{nums[j]}'}")
                    i = j + 1
                return out
        ```
        ''', "summaryRanges", """
        def check(candidate):
            assert candidate(nums=[0, 1, 2, 4, 5, 7]) == ["0->2", "4->5", "7"]
            assert candidate(nums=[]) == []
        """),
    lc("s7-lcd-dataclass-helper", r'''
        ```python
        from dataclasses import dataclass


        @dataclass(order=True)
        class Interval:
            start: int
            end: int


        class Solution:
            def merge(self, intervals: List[List[int]]) -> List[List[int]]:
                items = sorted(Interval(a, b) for a, b in intervals)
                merged: list[Interval] = []
                for it in items:
                    if merged and it.start <= merged[-1].end:
                        merged[-1].end = max(merged[-1].end, it.end)
                    else:
                        merged.append(it)
                return [[m.start, m.end] for m in merged]
        ```
        ''', "merge", """
        def check(candidate):
            assert candidate(intervals=[[1, 3], [2, 6], [8, 10], [15, 18]]) == [[1, 6], [8, 10], [15, 18]]
            assert candidate(intervals=[[1, 4], [4, 5]]) == [[1, 5]]
        """),
    lc("s7-lcd-self-tests-asserts-in-code", r'''
        ```python
        class Solution:
            def romanToInt(self, s: str) -> int:
                vals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
                total = 0
                for a, b in zip(s, s[1:] + " "):
                    v = vals[a]
                    total += -v if b != " " and vals[b] > v else v
                return total


        # quick self-check
        assert Solution().romanToInt("III") == 3
        assert Solution().romanToInt("MCMXCIV") == 1994
        ```
        ''', "romanToInt", """
        def check(candidate):
            assert candidate(s="III") == 3
            assert candidate(s="LVIII") == 58
            assert candidate(s="MCMXCIV") == 1994
        """),
    lc("s7-lcd-python3-tag-generator-helper", r'''
        ```Python3
        class Solution:
            def letterCombinations(self, digits: str) -> List[str]:
                if not digits:
                    return []
                pad = {"2": "abc", "3": "def", "4": "ghi", "5": "jkl",
                       "6": "mno", "7": "pqrs", "8": "tuv", "9": "wxyz"}

                def gen(i, prefix):
                    if i == len(digits):
                        yield prefix
                        return
                    for ch in pad[digits[i]]:
                        yield from gen(i + 1, prefix + ch)

                return list(gen(0, ""))
        ```
        ''', "letterCombinations", """
        def check(candidate):
            assert candidate(digits="23") == ["ad", "ae", "af", "bd", "be", "bf", "cd", "ce", "cf"]
            assert candidate(digits="") == []
            assert candidate(digits="2") == ["a", "b", "c"]
        """),
    la("s7-lcd-asserts-solution-with-imports", r'''
        Here's the implementation:

        ```python
        from typing import List


        class Solution:
            def productExceptSelf(self, nums: List[int]) -> List[int]:
                n = len(nums)
                out = [1] * n
                left = 1
                for i in range(n):
                    out[i] = left
                    left *= nums[i]
                right = 1
                for i in range(n - 1, -1, -1):
                    out[i] *= right
                    right *= nums[i]
                return out
        ```
        ''', ["assert Solution().productExceptSelf([1, 2, 3, 4]) == [24, 12, 8, 6]",
              "assert Solution().productExceptSelf([-1, 1, 0, -3, 3]) == [0, 0, 9, 0, 0]"]),
    la("s7-lcd-asserts-design-lru-comments", r'''
        ```python
        from collections import OrderedDict


        class LRUCache:

            def __init__(self, capacity: int):
                self.cap = capacity
                self.data = OrderedDict()

            def get(self, key: int) -> int:
                if key not in self.data:
                    return -1
                self.data.move_to_end(key)
                return self.data[key]

            def put(self, key: int, value: int) -> None:
                self.data[key] = value
                self.data.move_to_end(key)
                if len(self.data) > self.cap:
                    self.data.popitem(last=False)


        # Your LRUCache object will be instantiated and called as such:
        # obj = LRUCache(capacity)
        # param_1 = obj.get(key)
        # obj.put(key,value)
        ```
        ''', ["""
              c = LRUCache(2)
              c.put(1, 1)
              c.put(2, 2)
              assert c.get(1) == 1
              c.put(3, 3)
              assert c.get(2) == -1
              c.put(4, 4)
              assert c.get(1) == -1
              assert c.get(3) == 3
              assert c.get(4) == 4
              """]),
    la("s7-lcd-asserts-main-guard-demo", r'''
        ```python
        class Solution:
            def fizzBuzz(self, n: int) -> list[str]:
                return ["FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0 else str(i)
                        for i in range(1, n + 1)]


        def main():
            for line in Solution().fizzBuzz(15):
                print(line)


        if __name__ == "__main__":
            main()
        ```
        ''', ["assert Solution().fizzBuzz(3) == ['1', '2', 'Fizz']",
              "assert Solution().fizzBuzz(15)[-1] == 'FizzBuzz'",
              "assert len(Solution().fizzBuzz(100)) == 100"]),
    la("s7-lcd-asserts-two-classes", r'''
        Two approaches; the second is the one to use.

        ```python
        import heapq
        from typing import List


        class SolutionSort:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                return sorted(nums)[-k]


        class Solution:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                heap = nums[:k]
                heapq.heapify(heap)
                for x in nums[k:]:
                    if x > heap[0]:
                        heapq.heapreplace(heap, x)
                return heap[0]
        ```
        ''', ["assert Solution().findKthLargest([3, 2, 1, 5, 6, 4], 2) == 5",
              "assert Solution().findKthLargest([3, 2, 3, 1, 2, 4, 5, 5, 6], 4) == 4",
              "assert SolutionSort().findKthLargest([1], 1) == 1"]),
    lc("s7-lcd-docstring-and-doctest-main", r'''
        ```python
        class Solution:
            def hammingDistance(self, x: int, y: int) -> int:
                """
                >>> Solution().hammingDistance(1, 4)
                2
                """
                return (x ^ y).bit_count()


        if __name__ == "__main__":
            import doctest
            doctest.testmod()
        ```
        ''', "hammingDistance", """
        def check(candidate):
            assert candidate(x=1, y=4) == 2
            assert candidate(x=3, y=1) == 1
            assert candidate(x=0, y=0) == 0
        """),
    lc("s7-lcd-bare-fence-prompt-listnode", r'''
        ```
        class Solution:
            def middleNode(self, head: Optional[ListNode]) -> Optional[ListNode]:
                slow = fast = head
                while fast and fast.next:
                    slow, fast = slow.next, fast.next.next
                return slow
        ```
        ''', "middleNode", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([3, 4, 5]))
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5, 6])), list_node([4, 5, 6]))
        """),
    lc("s7-lcd-future-annotations-full-class", r'''
        ```python
        from __future__ import annotations


        class Solution:
            def plusOne(self, digits: list[int]) -> list[int]:
                for i in range(len(digits) - 1, -1, -1):
                    if digits[i] < 9:
                        digits[i] += 1
                        return digits
                    digits[i] = 0
                return [1] + digits
        ```
        ''', "plusOne", """
        def check(candidate):
            assert candidate(digits=[1, 2, 3]) == [1, 2, 4]
            assert candidate(digits=[9, 9]) == [1, 0, 0]
        """, prompt=""),
]

# --- HumanEval rows: ``code_prompt`` is the signature and docstring; the completion continues it or repeats it
_SORT_EVEN_PROMPT = r'''
    def sort_even(l: list):
        """This function takes a list l and returns a list l' such that
        l' is identical to l in the odd indicies, while its values at the even indicies are equal
        to the values of the even indicies of l, but sorted.
        >>> sort_even([1, 2, 3])
        [1, 2, 3]
        >>> sort_even([5, 6, 3, 4])
        [3, 6, 5, 4]
        """
    '''
_SORT_EVEN_TEST = r'''
    def check(candidate):
        assert tuple(candidate([1, 2, 3])) == tuple([1, 2, 3])
        assert tuple(candidate([5, 3, -5, 2, -3, 3, 9, 0, 123, 1, -10])) == tuple(
            [-10, 3, -5, 2, -3, 3, 5, 0, 9, 1, 123])
        assert tuple(candidate([5, 8, -12, 4, 23, 2, 3, 11, 12, -10])) == tuple(
            [-12, 8, 3, 4, 5, 2, 12, 11, 23, -10])
    '''
_FILTER_PROMPT = r'''
    from typing import List


    def filter_by_prefix(strings: List[str], prefix: str) -> List[str]:
        """ Filter an input list of strings only for ones that start with a given prefix.
        >>> filter_by_prefix([], 'a')
        []
        >>> filter_by_prefix(['abc', 'bcd', 'cde', 'array'], 'a')
        ['abc', 'array']
        """
    '''
_FILTER_TEST = r'''
    def check(candidate):
        assert candidate([], 'john') == []
        assert candidate(['xxx', 'asd', 'xxy', 'john doe', 'xxxAAA', 'xxx'], 'xxx') == ['xxx', 'xxxAAA', 'xxx']
    '''
_PRIME_FIB_PROMPT = r'''
    def prime_fib(n: int):
        """
        prime_fib returns n-th number that is a Fibonacci number and it's also prime.
        >>> prime_fib(1)
        2
        >>> prime_fib(5)
        89
        """
    '''
_PRIME_FIB_TEST = r'''
    def check(candidate):
        assert candidate(1) == 2
        assert candidate(2) == 3
        assert candidate(3) == 5
        assert candidate(4) == 13
        assert candidate(5) == 89
        assert candidate(6) == 233
        assert candidate(7) == 1597
        assert candidate(8) == 28657
        assert candidate(9) == 514229
        assert candidate(10) == 433494437
    '''

HUMANEVAL: list[Case] = [
    humaneval("s7-he-body-bare", r'''
        evens = sorted(l[::2])
        out = list(l)
        out[::2] = evens
        return out
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT, body=True),
    humaneval("s7-he-body-fenced", r'''
        Here's the completed function body:

        ```python
            evens = sorted(l[::2])
            out = list(l)
            out[::2] = evens
            return out
        ```
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-full-with-docstring-repeated", r'''
        Sure! Here is the implementation:

        ```python
        def sort_even(l: list):
            """This function takes a list l and returns a list l' such that
            l' is identical to l in the odd indicies, while its values at the even indicies are equal
            to the values of the even indicies of l, but sorted.
            >>> sort_even([1, 2, 3])
            [1, 2, 3]
            >>> sort_even([5, 6, 3, 4])
            [3, 6, 5, 4]
            """
            result = l[:]
            result[::2] = sorted(l[::2])
            return result
        ```

        The slice `l[::2]` picks the even indices; we sort them and write them back.
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-full-doctest-main", r'''
        ```python
        def sort_even(l: list):
            """
            >>> sort_even([1, 2, 3])
            [1, 2, 3]
            >>> sort_even([5, 6, 3, 4])
            [3, 6, 5, 4]
            """
            result = l[:]
            result[::2] = sorted(l[::2])
            return result


        if __name__ == "__main__":
            import doctest
            doctest.testmod()
        ```
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-full-example-prints", r'''
        ```python
        def sort_even(l: list):
            result = l[:]
            result[::2] = sorted(l[::2])
            return result


        # Test the function
        print(sort_even([1, 2, 3]))  # [1, 2, 3]
        print(sort_even([5, 6, 3, 4]))  # [3, 6, 5, 4]
        ```
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-full-uses-prompt-list-import", r'''
        ```python
        def filter_by_prefix(strings: List[str], prefix: str) -> List[str]:
            return [s for s in strings if s.startswith(prefix)]
        ```
        ''', _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT),
    humaneval("s7-he-full-own-typing-import", r'''
        ```python
        from typing import List


        def filter_by_prefix(strings: List[str], prefix: str) -> List[str]:
            """ Filter an input list of strings only for ones that start with a given prefix."""
            return list(filter(lambda s: s.startswith(prefix), strings))
        ```
        ''', _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT),
    humaneval("s7-he-body-fenced-one-line", r'''
        ```python
            return [s for s in strings if s[:len(prefix)] == prefix]
        ```
        ''', _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT),
    humaneval("s7-he-helper-after-entry", r'''
        I'll generate Fibonacci numbers and test each for primality with a helper.

        ```python
        def prime_fib(n: int):
            count = 0
            for f in fib():
                if is_prime(f):
                    count += 1
                    if count == n:
                        return f


        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b


        def is_prime(x: int) -> bool:
            if x < 2:
                return False
            i = 2
            while i * i <= x:
                if x % i == 0:
                    return False
                i += 1
            return True
        ```
        ''', _PRIME_FIB_TEST, "prime_fib", prompt=_PRIME_FIB_PROMPT),
    humaneval("s7-he-import-inside-function", r'''
        ```python
        def prime_fib(n: int):
            import math

            def is_prime(p):
                if p < 2:
                    return False
                for k in range(2, math.isqrt(p) + 1):
                    if p % k == 0:
                        return False
                return True

            a, b = 0, 1
            while True:
                a, b = b, a + b
                if is_prime(a):
                    n -= 1
                    if n == 0:
                        return a
        ```
        ''', _PRIME_FIB_TEST, "prime_fib", prompt=_PRIME_FIB_PROMPT),
    humaneval("s7-he-body-bare-nested-def", r'''
        def is_prime(p):
            return p > 1 and all(p % k for k in range(2, int(p ** 0.5) + 1))

        f = [0, 1]
        while True:
            f.append(f[-1] + f[-2])
            if is_prime(f[-1]):
                n -= 1
            if n == 0:
                return f[-1]
        ''', _PRIME_FIB_TEST, "prime_fib", prompt=_PRIME_FIB_PROMPT, body=True),
    humaneval("s7-he-class-helper-after", r'''
        ```python
        def prime_fib(n: int):
            return _FibPrimes().nth(n)


        class _FibPrimes:
            def __init__(self):
                self.a, self.b = 1, 2

            def _next(self):
                self.a, self.b = self.b, self.a + self.b
                return self.a

            @staticmethod
            def _prime(x):
                return x > 1 and all(x % d for d in range(2, int(x ** 0.5) + 1))

            def nth(self, n):
                while True:
                    x = self._next()
                    if self._prime(x):
                        n -= 1
                        if n == 0:
                            return x
        ```
        ''', _PRIME_FIB_TEST, "prime_fib", prompt=_PRIME_FIB_PROMPT),
    humaneval("s7-he-think-then-full", r'''
        <think>
        sort_even: values at even indices sorted, odd untouched. Draft:

        ```python
        def sort_even(l):
            return sorted(l)
        ```

        No, that sorts everything. Need to only sort even positions.
        </think>

        ```python
        def sort_even(l: list):
            evens = iter(sorted(l[::2]))
            return [next(evens) if i % 2 == 0 else x for i, x in enumerate(l)]
        ```
        ''', _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-walrus-any", r'''
        ```python
        def has_close_elements(numbers: List[float], threshold: float) -> bool:
            s = sorted(numbers)
            return any((d := b - a) < threshold for a, b in zip(s, s[1:]))
        ```
        ''', r'''
        def check(candidate):
            assert candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3) == True
            assert candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.05) == False
            assert candidate([1.0, 2.0, 5.9, 4.0, 5.0], 0.95) == True
            assert candidate([1.1, 2.2, 3.1, 4.1, 5.1], 1.0) == True
            assert candidate([1.1, 2.2, 3.1, 4.1, 5.1], 0.5) == False
        ''', "has_close_elements", prompt=r'''
        from typing import List


        def has_close_elements(numbers: List[float], threshold: float) -> bool:
            """ Check if in given list of numbers, are any two numbers closer to each other than
            given threshold.
            >>> has_close_elements([1.0, 2.0, 3.0], 0.5)
            False
            """
        '''),
    humaneval("s7-he-match-parse", r'''
        ```python
        def parse_music(music_string: str) -> List[int]:
            beats = []
            for note in music_string.split():
                match note:
                    case "o":
                        beats.append(4)
                    case "o|":
                        beats.append(2)
                    case ".|":
                        beats.append(1)
            return beats
        ```
        ''', r'''
        def check(candidate):
            assert candidate('') == []
            assert candidate('o o o o') == [4, 4, 4, 4]
            assert candidate('.| .| .| .|') == [1, 1, 1, 1]
            assert candidate('o| o| .| .| o o o o') == [2, 2, 1, 1, 4, 4, 4, 4]
        ''', "parse_music", prompt=r'''
        from typing import List


        def parse_music(music_string: str) -> List[int]:
            """ Input to this function is a string representing musical notes in a special ASCII format.
            'o' - whole note, lasts four beats; 'o|' - half note, lasts two beats; '.|' - quater note, lasts one beat
            >>> parse_music('o o| .| o| o| .| .| .| .| o o')
            [4, 2, 1, 2, 2, 1, 1, 1, 1, 4, 4]
            """
        '''),
    humaneval("s7-he-fstring-nested", r'''
        ```python
        def string_sequence(n: int) -> str:
            return " ".join(f"{f'{i}'}" for i in range(n + 1))
        ```
        ''', r'''
        def check(candidate):
            assert candidate(0) == '0'
            assert candidate(3) == '0 1 2 3'
            assert candidate(10) == '0 1 2 3 4 5 6 7 8 9 10'
        ''', "string_sequence", prompt=r'''
        def string_sequence(n: int) -> str:
            """ Return a string containing space-delimited numbers starting from 0 upto n inclusive.
            >>> string_sequence(5)
            '0 1 2 3 4 5'
            """
        '''),
    humaneval("s7-he-pep604-optional-return", r'''
        ```python
        def longest(strings: list[str]) -> str | None:
            if not strings:
                return None
            best: str | None = None
            for s in strings:
                if best is None or len(s) > len(best):
                    best = s
            return best
        ```
        ''', r'''
        def check(candidate):
            assert candidate([]) == None
            assert candidate(['x', 'y', 'z']) == 'x'
            assert candidate(['x', 'yyy', 'zzzz', 'www', 'kkkk', 'abc']) == 'zzzz'
        ''', "longest", prompt=r'''
        from typing import List, Optional


        def longest(strings: List[str]) -> Optional[str]:
            """ Out of list of strings, return the longest one. Return the first one in case of multiple
            strings of the same length. Return None in case the input list is empty.
            """
        '''),
    humaneval("s7-he-self-asserts-in-code", r'''
        ```python
        def below_zero(operations: List[int]) -> bool:
            balance = 0
            for op in operations:
                balance += op
                if balance < 0:
                    return True
            return False


        assert below_zero([1, 2, 3]) is False
        assert below_zero([1, 2, -4, 5]) is True
        ```
        ''', r'''
        def check(candidate):
            assert candidate([]) == False
            assert candidate([1, 2, -3, 1, 2, -3]) == False
            assert candidate([1, 2, -4, 5, 6]) == True
            assert candidate([1, -1, 2, -2, 5, -5, 4, -5]) == True
        ''', "below_zero", prompt=r'''
        from typing import List


        def below_zero(operations: List[int]) -> bool:
            """ Detect if at any point the balance of account falls below zero.
            >>> below_zero([1, 2, 3])
            False
            """
        '''),
    humaneval("s7-he-no-prompt-row-full", r'''
        Here's a function that checks whether a string is a palindrome, ignoring case:

        ```python
        def is_palindrome(text: str) -> bool:
            t = text.lower()
            return t == t[::-1]
        ```
        ''', r'''
        def check(candidate):
            assert candidate('') == True
            assert candidate('aba') == True
            assert candidate('Aba') == True
            assert candidate('zbcd') == False
        ''', "is_palindrome"),
    humaneval("s7-he-two-blocks-usage-first", r'''
        Usage:

        ```python
        >>> triangle_area(5, 3)
        7.5
        ```

        Implementation:

        ```python
        def triangle_area(a, h):
            return a * h / 2
        ```
        ''', r'''
        def check(candidate):
            assert candidate(5, 3) == 7.5
            assert candidate(2, 2) == 2.0
            assert candidate(10, 8) == 40.0
        ''', "triangle_area", prompt=r'''
        def triangle_area(a, h):
            """Given length of a side and high return area for a triangle.
            >>> triangle_area(5, 3)
            7.5
            """
        '''),
    humaneval("s7-he-body-bare-with-trailing-prose-comment", r'''
        return sum(1 for c in string.lower() if c in "aeiou") + (1 if string[-1:].lower() == "y" else 0)
        # counts vowels plus a final 'y'
        ''', r'''
        def check(candidate):
            assert candidate("abcde") == 2
            assert candidate("Alone") == 3
            assert candidate("key") == 2
            assert candidate("bye") == 1
            assert candidate("ACEDY") == 3
        ''', "vowels_count", prompt=r'''
        def vowels_count(string):
            """Return the number of vowels in the string; 'y' is a vowel only at the end.
            >>> vowels_count("abcde")
            2
            """
        ''', body=True),
    humaneval("s7-he-recursion-limit-top", r'''
        ```python
        import sys

        sys.setrecursionlimit(5000)


        def fib4(n: int):
            memo = {0: 0, 1: 0, 2: 2, 3: 0}

            def go(k):
                if k not in memo:
                    memo[k] = go(k - 1) + go(k - 2) + go(k - 3) + go(k - 4)
                return memo[k]

            return go(n)
        ```
        ''', r'''
        def check(candidate):
            assert candidate(5) == 4
            assert candidate(8) == 28
            assert candidate(10) == 104
            assert candidate(12) == 386
        ''', "fib4", prompt=r'''
        def fib4(n: int):
            """fib4(0) -> 0, fib4(1) -> 0, fib4(2) -> 2, fib4(3) -> 0, fib4(n) -> fib4(n-1) + ... + fib4(n-4)."""
        '''),
    humaneval("s7-he-py-tag-lambda-sorted", r'''
        ```py
        def sort_array(arr):
            return sorted(sorted(arr), key=lambda x: bin(x).count("1"))
        ```
        ''', r'''
        def check(candidate):
            assert candidate([1, 5, 2, 3, 4]) == [1, 2, 4, 3, 5]
            assert candidate([1, 0, 2, 3, 4]) == [0, 1, 2, 4, 3]
            assert candidate([]) == []
        ''', "sort_array", prompt=r'''
        def sort_array(arr):
            """Sort non-negative integers by the number of ones in their binary form, then by value."""
        '''),
    humaneval("s7-he-main-guard-input-free-demo", r'''
        ```python
        def count_up_to(n):
            primes = []
            for i in range(2, n):
                if all(i % p for p in primes if p * p <= i):
                    primes.append(i)
            return primes


        def _demo() -> None:
            for n in (5, 11, 0, 20):
                print(f"count_up_to({n}) = {count_up_to(n)}")


        if __name__ == "__main__":
            _demo()
        ```
        ''', r'''
        def check(candidate):
            assert candidate(5) == [2, 3]
            assert candidate(11) == [2, 3, 5, 7]
            assert candidate(0) == []
            assert candidate(22) == [2, 3, 5, 7, 11, 13, 17, 19]
            assert candidate(1) == []
            assert candidate(101) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
                                      73, 79, 83, 89, 97]
        ''', "count_up_to", prompt=r'''
        def count_up_to(n):
            """Return the primes less than n."""
        '''),
    humaneval("s7-he-capital-python-tag", r'''
        ```Python
        def strlen(string: str) -> int:
            return len(string)
        ```
        ''', r'''
        def check(candidate):
            assert candidate('') == 0
            assert candidate('x') == 1
            assert candidate('asdasnakj') == 9
        ''', "strlen", prompt=r'''
        def strlen(string: str) -> int:
            """ Return length of given string
            >>> strlen('abc')
            3
            """
        '''),
    humaneval("s7-he-space-before-tag", r'''
        ``` python
        def add(x: int, y: int):
            return x + y
        ```
        ''', r'''
        def check(candidate):
            import random
            assert candidate(0, 1) == 1
            assert candidate(5, 7) == 12
            for _ in range(50):
                x, y = random.randint(0, 1000), random.randint(0, 1000)
                assert candidate(x, y) == x + y
        ''', "add", prompt=r'''
        def add(x: int, y: int):
            """Add two numbers x and y"""
        '''),
]

# --- MBPP assert lists -----------------------------------------------------------------------------------------------
MBPP: list[Case] = [
    asserts("s7-mbpp-prose-and-tests-in-code", r'''
        To find the shared elements, convert both tuples to sets and intersect them.

        ```python
        def similar_elements(test_tup1, test_tup2):
            res = tuple(set(test_tup1) & set(test_tup2))
            return res


        # Test cases
        assert set(similar_elements((3, 4, 5, 6), (5, 7, 4, 10))) == set((4, 5))
        print("All tests passed!")
        ```

        The function returns a tuple of the common elements.
        ''', ["assert set(similar_elements((3, 4, 5, 6),(5, 7, 4, 10))) == set((4, 5))",
              "assert set(similar_elements((1, 2, 3, 4),(5, 4, 3, 7))) == set((3, 4))",
              "assert set(similar_elements((11, 12, 14, 13),(17, 15, 14, 13))) == set((13, 14))"]),
    asserts("s7-mbpp-import-re-inside", r'''
        ```python
        def text_match_wordz(text):
            import re
            if re.search(r"\w*z.\w*", text):
                return "Found a match!"
            return "Not matched!"
        ```
        ''', ["assert text_match_wordz(\"pythonz.\")==('Found a match!')",
              "assert text_match_wordz(\"xyz.\")==('Found a match!')",
              "assert text_match_wordz(\"  lang  .\")==('Not matched!')"]),
    asserts("s7-mbpp-main-guard-prints", r'''
        ```python
        import math


        def is_not_prime(n):
            if n < 2:
                return True
            for i in range(2, int(math.sqrt(n)) + 1):
                if n % i == 0:
                    return True
            return False


        if __name__ == "__main__":
            print(is_not_prime(2))   # False
            print(is_not_prime(10))  # True
        ```
        ''', ["assert is_not_prime(2) == False", "assert is_not_prime(10) == True",
              "assert is_not_prime(35) == True"]),
    asserts("s7-mbpp-heapq-largest-prose-after", r'''
        ```python
        import heapq as hq
        def heap_queue_largest(nums,n):
          largest_nums = hq.nlargest(n, nums)
          return largest_nums
        ```
        `heapq.nlargest` returns the n largest items in descending order.
        ''', ["assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],3)==[85, 75, 65]",
              "assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],2)==[85, 75]"]),
    asserts("s7-mbpp-redefinition-last-wins", r'''
        First attempt, then a cleaner version in the same file:

        ```python
        def count_ways(n):
            # naive recursion
            if n == 0:
                return 1
            if n == 1:
                return 0
            return None  # TODO


        def count_ways(n):
            A = [0] * (n + 1)
            B = [0] * (n + 1)
            A[0] = 1
            A[1] = 0
            B[0] = 0
            B[1] = 1
            for i in range(2, n + 1):
                A[i] = A[i - 2] + 2 * B[i - 1]
                B[i] = A[i - 1] + B[i - 2]
            return A[n]
        ```
        ''', ["assert count_ways(2) == 3", "assert count_ways(8) == 153", "assert count_ways(12) == 2131"]),
    asserts("s7-mbpp-bare-fence-lambda", r'''
        ```
        def square_nums(nums):
            return list(map(lambda x: x ** 2, nums))
        ```
        ''', ["assert square_nums([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])==[1, 4, 9, 16, 25, 36, 49, 64, 81, 100]",
              "assert square_nums([10,20,30])==([100,400,900])"]),
    asserts("s7-mbpp-py-tag-typed", r'''
        ```py
        from typing import List, Tuple


        def find_rotations(s: str) -> int:
            tmp: str = s + s
            n: int = len(s)
            for i in range(1, n + 1):
                if tmp[i:i + n] == s:
                    return i
            return n
        ```
        ''', ["assert find_rotations(\"aaaa\") == 1", "assert find_rotations(\"ab\") == 2",
              "assert find_rotations(\"abc\") == 3"]),
    asserts("s7-mbpp-think-answer", r'''
        <think>
        Remove first and last occurrence of ch. Use str.find and str.rfind. Check "hello", "l" -> "heo".
        </think>

        ```python
        def remove_Occ(s, ch):
            i = s.find(ch)
            if i == -1:
                return s
            s = s[:i] + s[i + 1:]
            j = s.rfind(ch)
            if j == -1:
                return s
            return s[:j] + s[j + 1:]
        ```
        ''', ["assert remove_Occ(\"hello\",\"l\") == \"heo\"", "assert remove_Occ(\"abcda\",\"a\") == \"bcd\"",
              "assert remove_Occ(\"PHP\",\"P\") == \"H\""]),
    asserts("s7-mbpp-walrus-comprehension", r'''
        ```python
        def sort_matrix(M):
            keyed = [((s := sum(r)), r) for r in M]
            return [row for _, row in sorted(keyed)]
        ```
        ''', ["assert sort_matrix([[1, 2, 3], [2, 4, 5], [1, 1, 1]])==[[1, 1, 1], [1, 2, 3], [2, 4, 5]]",
              "assert sort_matrix([[1, 2, 3], [-2, 4, -5], [1, -1, 1]])==[[-2, 4, -5], [1, -1, 1], [1, 2, 3]]"]),
    asserts("s7-mbpp-counter-star-import", r'''
        ```python
        from collections import *


        def count_common(words):
            return Counter(words).most_common(4)
        ```
        ''', ["assert count_common(['red','green','black','pink','black','white','black','eyes','white','black',"
              "'orange','pink','pink','red','red','white','orange','white',\"black\",'pink','green','green','pink',"
              "'green','pink','white','orange',\"orange\",'red']) == [('pink', 6), ('black', 5), ('white', 5), "
              "('red', 4)]"]),
    asserts("s7-mbpp-class-helper-after", r'''
        ```python
        def find_Volume(l, b, h):
            return Prism(l, b, h).volume()


        class Prism:
            def __init__(self, l, b, h):
                self.l, self.b, self.h = l, b, h

            def volume(self):
                return (self.l * self.b * self.h) / 2
        ```
        ''', ["assert find_Volume(10,8,6) == 240", "assert find_Volume(3,2,2) == 6", "assert find_Volume(1,2,1) == 1"]),
    asserts("s7-mbpp-match-case", r'''
        ```python
        def split_lowerstring(text):
            out = []
            for ch in text:
                match ch.islower(), out:
                    case True, _:
                        out.append(ch)
                    case False, [*_, last]:
                        out[-1] = last + ch
                    case _:
                        pass
            return out
        ```
        ''', ["assert split_lowerstring(\"AbCd\")==['bC','d']",
              "assert split_lowerstring(\"Python\")==['y', 't', 'h', 'o', 'n']",
              "assert split_lowerstring(\"Programming\")==['r', 'o', 'g', 'r', 'a', 'm', 'm', 'i', 'n', 'g']"]),
    asserts("s7-mbpp-docstring-doctest-guard", r'''
        ```python
        def text_lowercase_underscore(text):
            """
            >>> text_lowercase_underscore("aab_cbbbc")
            'Found a match!'
            """
            import re
            return "Found a match!" if re.fullmatch(r"[a-z]+_[a-z]+", text) else "Not matched!"


        if __name__ == "__main__":
            import doctest
            doctest.testmod(verbose=False)
        ```
        ''', ["assert text_lowercase_underscore(\"aab_cbbbc\")==('Found a match!')",
              "assert text_lowercase_underscore(\"aab_Abbbc\")==('Not matched!')",
              "assert text_lowercase_underscore(\"Aaab_abbbc\")==('Not matched!')"]),
    asserts("s7-mbpp-setup-code-and-prose", r'''
        The helper `math.pi` is enough:

        ```python
        import math


        def circle_area(r):
            return math.pi * r * r
        ```
        ''', ["assert isclose(circle_area(1), 3.141592653589793)",
              "assert isclose(circle_area(2.5), 19.634954084936208)"],
            setup="from math import isclose"),
    asserts("s7-mbpp-python3-tag-sorted-key", r'''
        ```python3
        def sort_by_second(tuples):
            return sorted(tuples, key=lambda t: (t[1], t[0]))
        ```
        ''', ["assert sort_by_second([(1, 'b'), (2, 'a'), (0, 'b')]) == [(2, 'a'), (0, 'b'), (1, 'b')]",
              "assert sort_by_second([]) == []"]),
    asserts("s7-mbpp-nested-fstring", r'''
        ```python
        def format_pairs(d):
            return ", ".join(f"{k}={f'{v:.2f}' if isinstance(v, float) else v}" for k, v in sorted(d.items()))
        ```
        ''', ["assert format_pairs({'b': 1.5, 'a': 2}) == 'a=2, b=1.50'", "assert format_pairs({}) == ''"]),
    asserts("s7-mbpp-recursion-helper-inner", r'''
        ```python
        def binomial_Coeff(n, k):
            from functools import lru_cache

            @lru_cache(maxsize=None)
            def c(a, b):
                if b == 0 or b == a:
                    return 1
                return c(a - 1, b - 1) + c(a - 1, b)

            return c(n, k)
        ```
        ''', ["assert binomial_Coeff(5,2) == 10", "assert binomial_Coeff(4,3) == 4", "assert binomial_Coeff(3,2) == 3",
              "assert binomial_Coeff(40,20) == 137846528820"]),
    asserts("s7-mbpp-generator-return-list", r'''
        Using a generator internally:

        ```python
        def get_Odd_Occurrence(arr, arr_size):
            def odd():
                seen = {}
                for x in arr[:arr_size]:
                    seen[x] = seen.get(x, 0) + 1
                yield from (k for k, v in seen.items() if v % 2)

            return next(odd(), -1)
        ```
        ''', ["assert get_Odd_Occurrence([1,2,3,1,2,3,1],7) == 1", "assert get_Odd_Occurrence([1,2,3,2,3,1,3],7) == 3",
              "assert get_Odd_Occurrence([2,3,5,4,5,2,4,3,5,2,4,4,2],13) == 5"]),
    asserts("s7-mbpp-type-hints-optional", r'''
        ```python
        def first_repeated_char(s: str) -> str | None:
            seen: set[str] = set()
            for ch in s:
                if ch in seen:
                    return ch
                seen.add(ch)
            return "None"
        ```
        ''', ["assert first_repeated_char(\"abcabc\") == \"a\"", "assert first_repeated_char(\"abc\") == \"None\"",
              "assert first_repeated_char(\"123123\") == \"1\""]),
    asserts("s7-mbpp-self-tests-for-loop", r'''
        ```python
        def is_woodall(x):
            n = 1
            while n * 2 ** n - 1 <= x:
                if n * 2 ** n - 1 == x:
                    return True
                n += 1
            return False


        for value, expected in [(383, True), (254, False), (200, False)]:
            assert is_woodall(value) == expected, value
        ```
        ''', ["assert is_woodall(383) == True", "assert is_woodall(254) == False", "assert is_woodall(200) == False"]),
]

# --- long reasoning before the answer: a <think> section of 40,000-70,000 characters (8k-16k tokens), as reasoning
# models write in RL with long completion budgets; the graded code is still the last fenced block.
_STEP = ("Let me re-check the constraints: n can be as large as 2*10^5, so an O(n log n) approach is needed. "
         "I considered sorting the values first and then scanning once, keeping the best answer so far. ")


def _think(chars: int, draft: str = "") -> str:
    """A reasoning section of about ``chars`` characters, with a draft code block in its middle when given."""
    steps = _STEP * (chars // len(_STEP) // 2)
    block = f"\nA first draft:\n\n```python\n{draft}```\n\nThat is not right yet.\n" if draft else "\n"
    return f"<think>\n{steps}{block}{steps}\n</think>\n\n"


def _long(case: Case, chars: int, draft: str = "") -> Case:
    return Case(case.id, _think(chars, draft) + case.completion, case.row)


LONG: list[Case] = [
    _long(stdio("s7-cf-think-40k-under-cap", r'''
        ```python
        n = int(input())
        a = sorted(map(int, input().split()))
        print(a[-1] - a[0])
        ```
        ''', [("4\n3 9 1 4\n", "8\n")]), 40_000),
    _long(stdio("s7-cf-think-60k-draft-then-final", r'''
        The answer is the difference between the largest and the smallest value.

        ```python
        n = int(input())
        a = sorted(map(int, input().split()))
        print(a[-1] - a[0])
        ```
        ''', [("4\n3 9 1 4\n", "8\n"), ("1\n7\n", "0\n")]), 60_000, draft="n = int(input())\nprint(n)\n"),
    _long(lc("s7-lcd-think-55k", r'''
        ```python
        class Solution:
            def singleNumber(self, nums: List[int]) -> int:
                x = 0
                for v in nums:
                    x ^= v
                return x
        ```
        ''', "singleNumber", """
        def check(candidate):
            assert candidate(nums=[2, 2, 1]) == 1
            assert candidate(nums=[4, 1, 2, 1, 2]) == 4
        """), 55_000),
    _long(asserts("s7-mbpp-think-70k", r'''
        ```python
        def max_of_three(a, b, c):
            return max(a, b, c)
        ```
        ''', ["assert max_of_three(10, 20, 30) == 30", "assert max_of_three(55, 47, 39) == 55"]), 70_000),
    _long(humaneval("s7-he-think-52k-body-fenced", r'''
        ```python
            return [s for s in strings if s.startswith(prefix)]
        ```
        ''', _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT), 52_000),
]

# --- more of the same axis: what models add around the answer ---------------------------------------------------------
MORE: list[Case] = [
    stdio("s7-cf-unicode-text", r"""
        ```python
        s = input()
        print(f"{s} → {len(s)} символов")
        ```
        """, [("café\n", "café → 4 символов\n")]),
    stdio("s7-cf-crlf-input", r"""
        The input may come with Windows line endings, so split on whitespace:

        ```python
        import sys

        data = sys.stdin.read().split()
        n = int(data[0])
        print(" ".join(reversed(data[1:n + 1])))
        ```
        """, [("3\r\nx y z\r\n", "z y x\n")]),
    stdio("s7-cf-golf-import-dunder", r"""
        ```python
        print(sum(map(int, __import__("sys").stdin.read().split()[1:])))
        ```
        """, [("3\n1 2 3\n", "6\n")]),
    stdio("s7-cf-recursionlimit-huge-shallow", r"""
        ```python
        import sys
        sys.setrecursionlimit(10**9)
        input = sys.stdin.readline


        def gcd(a, b):
            return a if b == 0 else gcd(b, a % b)


        for _ in range(int(input())):
            a, b = map(int, input().split())
            print(gcd(a, b))
        ```
        """, [("2\n12 18\n7 5\n", "6\n1\n")]),
    stdio("s7-cf-print-bool", r"""
        ```python
        a, b = map(int, input().split())
        print(a < b)
        ```
        """, [("1 2\n", "True\n"), ("3 2\n", "False\n")]),
    stdio("s7-cf-numpy-loadtxt-stdin", r"""
        ```python
        import sys
        import numpy as np

        rows = np.loadtxt(sys.stdin, dtype=np.int64, ndmin=2)
        print(int(rows.sum(axis=1).max()))
        ```
        """, [("1 2 3\n4 5 6\n0 0 9\n", "15\n")]),
    stdio("s7-cf-stdout-buffer-write", r"""
        ```python
        import sys

        n = int(sys.stdin.buffer.readline())
        sys.stdout.buffer.write(("\n".join(str(i) for i in range(n, 0, -1)) + "\n").encode())
        ```
        """, [("3\n", "3\n2\n1\n")]),
    stdio("s7-cf-main-with-debug-flag", r"""
        ```python
        import sys

        DEBUG = False


        def log(*a):
            if DEBUG:
                print(*a, file=sys.stderr)


        def main():
            n = int(input())
            xs = [int(input()) for _ in range(n)]
            log(xs)
            print(max(xs) if xs else 0)


        if __name__ == "__main__":
            main()
        ```
        """, [("3\n4\n-2\n9\n", "9\n"), ("0\n", "0\n")]),
    humaneval("s7-he-copies-check-harness", r"""
        ```python
        def sort_even(l: list):
            result = l[:]
            result[::2] = sorted(l[::2])
            return result


        def check(candidate):
            assert candidate([1, 2, 3]) == [1, 2, 3]
            assert candidate([5, 6, 3, 4]) == [3, 6, 5, 4]


        check(sort_even)
        ```
        """, _SORT_EVEN_TEST, "sort_even", prompt=_SORT_EVEN_PROMPT),
    humaneval("s7-he-unittest-class-no-main", r"""
        ```python
        import unittest


        def filter_by_prefix(strings: List[str], prefix: str) -> List[str]:
            return [s for s in strings if s.startswith(prefix)]


        class TestFilter(unittest.TestCase):
            def test_basic(self):
                self.assertEqual(filter_by_prefix(["abc", "bcd", "array"], "a"), ["abc", "array"])

            def test_empty(self):
                self.assertEqual(filter_by_prefix([], "a"), [])
        ```
        To run the tests: `python -m unittest`.
        """, _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT),
    humaneval("s7-he-unittest-main-exit-false", r"""
        ```python
        import unittest


        def filter_by_prefix(strings, prefix):
            return [s for s in strings if s.startswith(prefix)]


        class TestFilter(unittest.TestCase):
            def test_basic(self):
                self.assertEqual(filter_by_prefix(["abc", "bcd", "array"], "a"), ["abc", "array"])


        unittest.main(argv=["ignored"], exit=False)
        ```
        """, _FILTER_TEST, "filter_by_prefix", prompt=_FILTER_PROMPT),
    Case("humaneval/s7-he-body-then-top-level-helper", (
        "    return [x for x in _evens_sorted(l)]\n"
        "\n"
        "\n"
        "def _evens_sorted(l):\n"
        "    out = list(l)\n"
        "    out[::2] = sorted(l[::2])\n"
        "    return out\n"
        "\n"
        "\n"
        "if __name__ == \"__main__\":\n"
        "    import doctest\n"
        "    doctest.testmod()\n"),
        {"test": humaneval("x", "", _SORT_EVEN_TEST, "sort_even").row["test"], "entry_point": "sort_even",
         "code_prompt": humaneval("x", "", "", "sort_even", prompt=_SORT_EVEN_PROMPT).row["code_prompt"]}),
    lc("s7-lcd-staticmethod-entry", r"""
        ```python
        class Solution:
            @staticmethod
            def reverseString(s: List[str]) -> None:
                s.reverse()
        ```
        """, "reverseString", """
        def check(candidate):
            s = ["h", "e", "l", "l", "o"]
            candidate(s)
            assert s == ["o", "l", "l", "e", "h"]
        """),
    lc("s7-lcd-classmethod-entry", r"""
        ```python
        class Solution:
            VOWELS = set("aeiouAEIOU")

            @classmethod
            def reverseVowels(cls, s: str) -> str:
                chars = list(s)
                idx = [i for i, c in enumerate(chars) if c in cls.VOWELS]
                for a, b in zip(idx, reversed(idx)):
                    if a >= b:
                        break
                    chars[a], chars[b] = chars[b], chars[a]
                return "".join(chars)
        ```
        """, "reverseVowels", """
        def check(candidate):
            assert candidate(s="hello") == "holle"
            assert candidate(s="leetcode") == "leotcede"
        """),
    lc("s7-lcd-module-level-cache-function", r"""
        ```python
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def _catalan(n: int) -> int:
            if n <= 1:
                return 1
            return sum(_catalan(i) * _catalan(n - 1 - i) for i in range(n))


        class Solution:
            def numTrees(self, n: int) -> int:
                return _catalan(n)
        ```
        """, "numTrees", """
        def check(candidate):
            assert candidate(n=3) == 5
            assert candidate(n=1) == 1
            assert candidate(n=19) == 1767263190
        """),
    lc("s7-lcd-string-annotations", r"""
        ```python
        class Solution:
            def invertTree(self, root: "Optional[TreeNode]") -> "Optional[TreeNode]":
                if root:
                    root.left, root.right = self.invertTree(root.right), self.invertTree(root.left)
                return root
        ```
        """, "invertTree", """
        def check(candidate):
            assert is_same_tree(candidate(root=tree_node([4, 2, 7, 1, 3, 6, 9])), tree_node([4, 7, 2, 9, 6, 3, 1]))
            assert candidate(root=None) is None
        """),
    lc("s7-lcd-self-answer-attribute", r"""
        ```python
        class Solution:
            def diameterOfBinaryTree(self, root: Optional[TreeNode]) -> int:
                self.ans = 0

                def depth(node):
                    if not node:
                        return 0
                    l, r = depth(node.left), depth(node.right)
                    self.ans = max(self.ans, l + r)
                    return 1 + max(l, r)

                depth(root)
                return self.ans
        ```
        """, "diameterOfBinaryTree", """
        def check(candidate):
            assert candidate(root=tree_node([1, 2, 3, 4, 5])) == 3
            assert candidate(root=tree_node([1, 2])) == 1
        """),
    la("s7-lcd-asserts-listnode-in-answer", r"""
        ```python
        class ListNode:
            def __init__(self, val=0, next=None):
                self.val = val
                self.next = next


        def build(values):
            head = ListNode()
            cur = head
            for v in values:
                cur.next = ListNode(v)
                cur = cur.next
            return head.next


        def to_list(node):
            out = []
            while node:
                out.append(node.val)
                node = node.next
            return out


        class Solution:
            def removeElements(self, head, val):
                dummy = ListNode(0, head)
                cur = dummy
                while cur.next:
                    if cur.next.val == val:
                        cur.next = cur.next.next
                    else:
                        cur = cur.next
                return dummy.next
        ```
        """, ["assert to_list(Solution().removeElements(build([1, 2, 6, 3, 4, 5, 6]), 6)) == [1, 2, 3, 4, 5]",
              "assert to_list(Solution().removeElements(build([]), 1)) == []",
              "assert to_list(Solution().removeElements(build([7, 7, 7]), 7)) == []"]),
    lc("s7-lcd-redefined-treenode-with-method", '''
        ```python
        class TreeNode:
            def __init__(self, val=0, left=None, right=None):
                self.val = val
                self.left = left
                self.right = right

            def is_leaf(self):
                return self.left is None and self.right is None


        class Solution:
            def sumOfLeftLeaves(self, root: Optional[TreeNode]) -> int:
                total = 0
                stack = [(root, False)]
                while stack:
                    node, is_left = stack.pop()
                    if node is None:
                        continue
                    if node.is_leaf() and is_left:
                        total += node.val
                    stack.append((node.left, True))
                    stack.append((node.right, False))
                return total
        ```
        ''', "sumOfLeftLeaves", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 24
            assert candidate(root=tree_node([1])) == 0
        """),
    lc("s7-lcd-redefined-listnode-iter-isinstance", '''
        ```python
        class ListNode:
            def __init__(self, val=0, next=None):
                self.val = val
                self.next = next

            def __iter__(self):
                node = self
                while node:
                    yield node.val
                    node = node.next


        class Solution:
            def isPalindrome(self, head: Optional[ListNode]) -> bool:
                vals = list(head) if isinstance(head, ListNode) else []
                return vals == vals[::-1]
        ```
        ''', "isPalindrome", """
        def check(candidate):
            assert candidate(head=list_node([1, 2, 2, 1])) is True
            assert candidate(head=list_node([1, 2])) is False
        """),
    asserts("s7-mbpp-main-called-unguarded", r"""
        ```python
        def sum_digits(n):
            return sum(int(d) for d in str(abs(n)))


        def main():
            for n in (345, 12, 97):
                print(f"sum_digits({n}) = {sum_digits(n)}")


        main()
        ```
        """, ["assert sum_digits(345)==12", "assert sum_digits(12)==3", "assert sum_digits(97)==16"]),
    asserts("s7-mbpp-global-memo-dict", r"""
        ```python
        memo = {0: 0, 1: 1}


        def fibonacci(n):
            if n not in memo:
                memo[n] = fibonacci(n - 1) + fibonacci(n - 2)
            return memo[n]
        ```
        """, ["assert fibonacci(7) == 13", "assert fibonacci(8) == 21", "assert fibonacci(9) == 34",
              "assert fibonacci(300) == 222232244629420445529739893461909967206666939096499764990979600"]),
    asserts("s7-mbpp-typing-star-and-hints", r"""
        ```python
        from typing import *


        def find_char_long(text: str) -> List[str]:
            import re
            return re.findall(r"\b\w{4,}\b", text)
        ```
        """, ["assert set(find_char_long('Please move back to stream')) == set(['Please', 'move', 'back', 'stream'])",
              "assert set(find_char_long('Jing Eco and Tech')) == set(['Jing', 'Tech'])"]),
]

# --- contest templates' first lines, as answers carry them ------------------------------------------------------------
TEMPLATES: list[Case] = [
    stdio("s7-cf-rlimit-stack-infinity", r"""
        Deep recursion (n up to 2*10^4), so raise both the stack limit and the recursion limit:

        ```python
        import resource
        import sys

        resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        sys.setrecursionlimit(10**6)


        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        print(depth(int(input())))
        ```
        """, [("20000\n", "20000\n")]),
    stdio("s7-cf-rlimit-stack-classic-hex", r"""
        ```python
        import resource, sys
        resource.setrlimit(resource.RLIMIT_STACK, [0x10000000, resource.RLIM_INFINITY])
        sys.setrecursionlimit(0x100000)

        n = int(input())
        print(n * 2)
        ```
        """, [("21\n", "42\n")]),
    stdio("s7-cf-open-fd1-write", r"""
        ```python
        n = int(open(0).readline())
        open(1, "w").write("\n".join(map(str, range(n))) + "\n")
        ```
        """, [("3\n", "0\n1\n2\n")]),
    stdio("s7-cf-gc-disable", r"""
        Disabling the garbage collector speeds up building many small tuples:

        ```python
        import gc
        import sys

        gc.disable()
        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        pairs = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n))
        print(*(f"{a} {b}" for a, b in pairs), sep="\n")
        ```
        """, [("3\n2 1\n1 5\n2 0\n", "1 5\n2 0\n2 1\n")]),
    stdio("s7-cf-int-max-str-digits", r"""
        The answer can have thousands of digits, so lift Python's int-to-str limit:

        ```python
        import sys

        sys.set_int_max_str_digits(0)
        n = int(input())
        print(len(str(7 ** n)))
        ```
        """, [("10000\n", "8451\n"), ("1\n", "1\n")]),
    stdio("s7-cf-pypyjit-try", r"""
        ```python
        try:
            import pypyjit
            pypyjit.set_param("max_unroll_recursion=-1")
        except ModuleNotFoundError:
            pass

        print(input()[::-1])
        ```
        """, [("abc\n", "cba\n")]),
    stdio("s7-cf-thread-pool-map", r"""
        ```python
        from concurrent.futures import ThreadPoolExecutor

        xs = list(map(int, input().split()))
        with ThreadPoolExecutor(max_workers=4) as ex:
            print(sum(ex.map(lambda x: x * x, xs)))
        ```
        """, [("1 2 3\n", "14\n")]),
    stdio("s7-cf-sortedlist", r"""
        `SortedList` from `sortedcontainers` gives O(log n) inserts:

        ```python
        from sortedcontainers import SortedList

        q = int(input())
        sl = SortedList()
        out = []
        for _ in range(q):
            op, x = input().split()
            if op == "add":
                sl.add(int(x))
            else:
                i = sl.bisect_left(int(x))
                out.append(str(sl[i]) if i < len(sl) else "-1")
        print("\n".join(out))
        ```
        """, [("5\nadd 5\nadd 1\nceil 2\nceil 6\nceil 1\n", "5\n-1\n1\n")]),
    lc("s7-lcd-sortedlist-window", r"""
        ```python
        from sortedcontainers import SortedList


        class Solution:
            def containsNearbyAlmostDuplicate(self, nums: List[int], indexDiff: int, valueDiff: int) -> bool:
                window = SortedList()
                for i, x in enumerate(nums):
                    j = window.bisect_left(x - valueDiff)
                    if j < len(window) and window[j] <= x + valueDiff:
                        return True
                    window.add(x)
                    if i >= indexDiff:
                        window.remove(nums[i - indexDiff])
                return False
        ```
        """, "containsNearbyAlmostDuplicate", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3, 1], indexDiff=3, valueDiff=0) is True
            assert candidate(nums=[1, 5, 9, 1, 5, 9], indexDiff=2, valueDiff=3) is False
        """),
    stdio("s7-cf-os-read-all", r"""
        ```python
        import os

        data = os.read(0, 1 << 25).split()
        print(sum(map(int, data[1:])))
        ```
        """, [("3\n1 2 3\n", "6\n")]),
]

CASES: list[Case] = [*STDIO, *LEETCODE, *HUMANEVAL, *MBPP, *LONG, *MORE, *TEMPLATES]

# Correct code plain Python passes and code_tests (defaults) fails, found by this sweep: kept out of the corpus
# (`all_cases`), each with what breaks it (`KNOWN_FAILING_WHY`); test_honest_corpus.py checks each still passes in
# plain Python and still fails here, so one that starts to pass moves to CASES.
KNOWN_FAILING: list[Case] = [
    stdio("s7-cf-multiprocessing-pool", r"""
        To use several cores, square the numbers in a process pool:

        ```python
        from multiprocessing import Pool


        def square(x):
            return x * x


        if __name__ == "__main__":
            xs = list(map(int, input().split()))
            with Pool(2) as pool:
                print(sum(pool.map(square, xs)))
        ```
        """, [("1 2 3\n", "14\n")]),
]

# What breaks each of KNOWN_FAILING, by layer.
KNOWN_FAILING_WHY: dict[str, str] = {
    "stdio/s7-cf-multiprocessing-pool":
        "sandbox, documented (docs/sandbox.md, what completion code cannot do): a multiprocessing pool needs a "
        "semaphore in /dev/shm, which is not writable (ProcessPoolExecutor alike): Pool(2) raises 'PermissionError: "
        "[Errno 1] Operation not permitted' and the script prints nothing",
}
