"""A sixth held-out sweep (2026-12-05), at the realistic centre of RL code datasets rather than their corners, each
name led by ``s6-`` and the dataset it imitates: ``cf-`` (APPS, CodeContests, Codeforces, LiveCodeBench stdin
programs), ``lcd-`` (LeetCode/LiveCodeBench functional rows and assert lists calling ``Solution()``), ``he-``
(HumanEval/HumanEval+/EvalPlus ``check(candidate)``), ``mbpp-`` (MBPP/MBPP+ assert lists).

Proportions as a dataset has them: about 40% stdin programs (multi-test input, ``sys.stdin.buffer.read().split()``,
``input = sys.stdin.readline``, deep DFS under ``setrecursionlimit`` or a big-stack thread, ``print(*ans)``,
``sys.stdout.write("\\n".join(...))``, heaps, bisect, ``lru_cache``, bit tricks, 2*10^5 numbers in and 10^5 lines
out, YES/NO, ``%.9f`` floats), a quarter LeetCode functional rows (``class Solution`` with ``typing`` imports,
ListNode/TreeNode, in-place edits, design classes), a fifth HumanEval-style checks (many asserts, big inputs,
``abs(a - b) < 1e-6``, ``math.isclose``), the rest MBPP assert lists (some with ``test_setup_code``). Big inputs are
built here by a seeded generator and their expected outputs by a second, plainer computation.

Found 2026-12-05 (main at 5b03215): all 199 rows pass plain Python; 196 scored 1.0 at the defaults on a 2-core VM at
load 1.6-3.8. One failed at any load and was closed the same day: a LeetCode design test driven op by op (MinStack,
5,000 ops) filled the job's handle table (10,000), since each ``s.push`` read made a new bound method and a new handle;
the job now files a bound method by its object and function. Two are KNOWN_FAILING, bounds docs/sandbox.md states: an
argument nested past 100 levels, and objects of a class MBPP's ``test_setup_code`` defines. Two depended on load
(``ROUND_TRIPS``): tests making 10^4 calls into the completion passed alone and missed the completion's wall-clock
deadline (15 s) with three batches at once, since each call is a round trip whose wall time grows with the host's
load; the completion's budget is CPU time since, and they are corpus cases."""

from __future__ import annotations

import random
from array import array
from heapq import nsmallest
from itertools import accumulate

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

_R = random.Random(20261205)


def _ints(n: int, lo: int, hi: int) -> list[int]:
    """``n`` seeded numbers in [lo, hi], from random bytes (the module builds ~2*10^6 of them at import; ``randint``
    took seconds)."""
    span = hi - lo + 1
    return [lo + x % span for x in array("Q", _R.randbytes(8 * n))]


def _line(xs: list[int]) -> str:
    return " ".join(map(str, xs))


# --- big inputs, built once; each expected output by a plain computation of its own
_SUM_N = _ints(200_000, -10**9, 10**9)
_SUM_IN = f"{len(_SUM_N)}\n{_line(_SUM_N)}\n"
_SUM_OUT = f"{sum(_SUM_N)} {min(_SUM_N)} {max(_SUM_N)}\n"

_PREFIX_A = _ints(100_000, 1, 10**9)
_PREFIX_Q = [(min(a, b), max(a, b)) for a, b in zip(_ints(100_000, 1, 100_000), _ints(100_000, 1, 100_000))]
_PREFIX_P = [0, *accumulate(_PREFIX_A)]
_PREFIX_IN = (f"{len(_PREFIX_A)} {len(_PREFIX_Q)}\n{_line(_PREFIX_A)}\n"
              + "".join(f"{lo} {r}\n" for lo, r in _PREFIX_Q))
_PREFIX_OUT = "".join(f"{_PREFIX_P[r] - _PREFIX_P[lo - 1]}\n" for lo, r in _PREFIX_Q)

_SORT_N = _ints(100_000, 0, 10**6)
_SORT_IN = f"{len(_SORT_N)}\n" + "\n".join(map(str, _SORT_N)) + "\n"
_SORT_OUT = "\n".join(map(str, sorted(_SORT_N))) + "\n"

_MULTI_FLAT = _ints(105_000, 1, 100)
_MULTI_T = [_MULTI_FLAT[i * 10:i * 10 + 1 + i % 20] for i in range(10_000)]
_MULTI_IN = f"{len(_MULTI_T)}\n" + "".join(f"{len(a)}\n{_line(a)}\n" for a in _MULTI_T)
_MULTI_OUT = "".join("YES\n" if sum(a) % 2 == 0 else "NO\n" for a in _MULTI_T)

_CHAIN_N = 100_000
_CHAIN_IN = f"{_CHAIN_N}\n" + "".join(f"{i} {i + 1}\n" for i in range(1, _CHAIN_N))
_CHAIN_OUT = f"{_CHAIN_N - 1}\n"

_FREQ_S = "".join(map("abcde".__getitem__, _ints(200_000, 0, 4)))
_FREQ_OUT = " ".join(str(_FREQ_S.count(ch)) for ch in "abcde") + "\n"

_BITS_N = _ints(200_000, 0, 2**30 - 1)
_BITS_XOR = 0
for _x in _BITS_N:
    _BITS_XOR ^= _x
_BITS_IN = f"{len(_BITS_N)}\n{_line(_BITS_N)}\n"
_BITS_OUT = f"{_BITS_XOR} {sum(bin(x).count('1') for x in _BITS_N)}\n"

# A ladder DAG: i -> i+1 and i -> i+2, plus a shortcut 1 -> n; paths counted forward, mod 1e9+7.
_DAG_N = 2000
_DAG_EDGES = [(i, j) for i in range(1, _DAG_N - 1) for j in (i + 1, i + 2)] + [(_DAG_N - 1, _DAG_N), (1, _DAG_N)]
_DAG_WAYS = [0] * (_DAG_N + 1)
_DAG_WAYS[1] = 1
for _a, _b in sorted(_DAG_EDGES):
    _DAG_WAYS[_b] = (_DAG_WAYS[_b] + _DAG_WAYS[_a]) % (10**9 + 7)
_DAG_IN = f"{_DAG_N} {len(_DAG_EDGES)}\n" + "".join(f"{a} {b}\n" for a, b in _DAG_EDGES)
_DAG_OUT = f"{_DAG_WAYS[_DAG_N]}\n"

STDIO: list[Case] = [
    stdio("s6-cf-watermelon", r'''
        w = int(input())
        print("YES" if w % 2 == 0 and w > 2 else "NO")
        ''', [("8\n", "YES\n"), ("2\n", "NO\n"), ("7\n", "NO\n"), ("100\n", "YES\n")]),
    stdio("s6-cf-multitest-min-ops-readline", r'''
        import sys
        input = sys.stdin.readline


        def solve():
            n = int(input())
            a = list(map(int, input().split()))
            return sum(1 for i in range(1, n) if a[i] < a[i - 1])


        t = int(input())
        out = []
        for _ in range(t):
            out.append(str(solve()))
        print("\n".join(out))
        ''', [("3\n5\n1 2 3 4 5\n4\n4 3 2 1\n3\n1 3 2\n", "0\n3\n1\n")]),
    stdio("s6-cf-buffer-read-split-sum-min-max", r'''
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            a = list(map(int, data[1:1 + n]))
            sys.stdout.write(f"{sum(a)} {min(a)} {max(a)}\n")


        main()
        ''', [("3\n-1 5 2\n", "6 -1 5\n"), (_SUM_IN, _SUM_OUT)]),
    stdio("s6-cf-prefix-sums-100k-queries", r'''
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            n, q = int(data[0]), int(data[1])
            pre = [0] * (n + 1)
            for i in range(n):
                pre[i + 1] = pre[i] + int(data[2 + i])
            out = []
            pos = 2 + n
            for _ in range(q):
                l, r = int(data[pos]), int(data[pos + 1])
                pos += 2
                out.append(pre[r] - pre[l - 1])
            sys.stdout.write("\n".join(map(str, out)) + "\n")


        if __name__ == "__main__":
            main()
        ''', [("5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n", "15\n5\n4\n"), (_PREFIX_IN, _PREFIX_OUT)]),
    stdio("s6-cf-sort-100k-lines-out", r'''
        import sys

        n = int(sys.stdin.readline())
        a = [int(sys.stdin.readline()) for _ in range(n)]
        a.sort()
        print(*a, sep="\n")
        ''', [("3\n3\n1\n2\n", "1\n2\n3\n"), (_SORT_IN, _SORT_OUT)]),
    stdio("s6-cf-10k-tests-yes-no-parity", r'''
        import sys

        input = sys.stdin.readline
        res = []
        for _ in range(int(input())):
            n = int(input())
            a = list(map(int, input().split()))
            res.append("YES" if sum(a) % 2 == 0 else "NO")
        sys.stdout.write("\n".join(res) + "\n")
        ''', [("2\n2\n1 1\n1\n3\n", "YES\nNO\n"), (_MULTI_IN, _MULTI_OUT)]),
    stdio("s6-cf-tree-diameter-chain-deep-dfs", r'''
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            adj = [[] for _ in range(n + 1)]
            for _ in range(n - 1):
                u, v = map(int, sys.stdin.readline().split())
                adj[u].append(v)
                adj[v].append(u)
            best = 0

            def dfs(u, p):
                nonlocal best
                top1 = top2 = 0
                for v in adj[u]:
                    if v != p:
                        d = dfs(v, u) + 1
                        if d > top1:
                            top1, top2 = d, top1
                        elif d > top2:
                            top2 = d
                best = max(best, top1 + top2)
                return top1

            dfs(1, 0)
            print(best)


        sys.setrecursionlimit(1 << 25)
        threading.stack_size(1 << 27)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        ''', [("5\n1 2\n1 3\n3 4\n3 5\n", "3\n"), ("1\n", "0\n"), (_CHAIN_IN, _CHAIN_OUT)]),
    stdio("s6-cf-letter-frequency-200k", r'''
        from collections import Counter

        s = input().strip()
        c = Counter(s)
        print(*(c[ch] for ch in "abcde"))
        ''', [("abacabad\n", "4 2 1 1 0\n"), (_FREQ_S + "\n", _FREQ_OUT)]),
    stdio("s6-cf-xor-and-popcount-200k", r'''
        import sys
        from functools import reduce
        from operator import xor

        data = sys.stdin.buffer.read().split()
        a = list(map(int, data[1:]))
        print(reduce(xor, a, 0), sum(x.bit_count() for x in a))
        ''', [("3\n1 2 3\n", "0 4\n"), (_BITS_IN, _BITS_OUT)]),
    stdio("s6-cf-gcd-of-array-multitest", r'''
        from math import gcd
        from functools import reduce

        for _ in range(int(input())):
            input()
            a = list(map(int, input().split()))
            g = reduce(gcd, a)
            print(g, "YES" if g > 1 else "NO")
        ''', [("3\n3\n4 6 8\n2\n3 5\n1\n7\n", "2 YES\n1 NO\n7 YES\n")]),
    stdio("s6-cf-comb-mod-factorials", r'''
        import sys

        MOD = 10**9 + 7
        MAXN = 2 * 10**5 + 1
        fact = [1] * MAXN
        for i in range(1, MAXN):
            fact[i] = fact[i - 1] * i % MOD
        inv = [1] * MAXN
        inv[MAXN - 1] = pow(fact[MAXN - 1], MOD - 2, MOD)
        for i in range(MAXN - 1, 0, -1):
            inv[i - 1] = inv[i] * i % MOD


        def C(n, k):
            if k < 0 or k > n:
                return 0
            return fact[n] * inv[k] % MOD * inv[n - k] % MOD


        data = sys.stdin.read().split()
        t = int(data[0])
        print("\n".join(str(C(int(data[1 + 2 * i]), int(data[2 + 2 * i]))) for i in range(t)))
        ''', [("4\n5 2\n10 0\n3 5\n200000 100000\n", "10\n1\n0\n879467333\n")]),
    stdio("s6-cf-math-comb-exact", r'''
        from math import comb

        n, k = map(int, input().split())
        print(comb(n, k))
        print(comb(n, k) % 998244353)
        ''', [("10 3\n", "120\n120\n"), ("100 50\n", "100891344545564193334812497256\n"
                                                   "198626801\n")]),
    stdio("s6-cf-dijkstra-heapq", r'''
        import heapq
        import sys


        def main():
            input = sys.stdin.readline
            n, m = map(int, input().split())
            g = [[] for _ in range(n + 1)]
            for _ in range(m):
                u, v, w = map(int, input().split())
                g[u].append((v, w))
                g[v].append((u, w))
            INF = float("inf")
            dist = [INF] * (n + 1)
            dist[1] = 0
            pq = [(0, 1)]
            while pq:
                d, u = heapq.heappop(pq)
                if d > dist[u]:
                    continue
                for v, w in g[u]:
                    if d + w < dist[v]:
                        dist[v] = d + w
                        heapq.heappush(pq, (dist[v], v))
            print(*(d if d < INF else -1 for d in dist[1:]))


        main()
        ''', [("5 6\n1 2 2\n1 3 5\n2 3 1\n3 4 2\n4 5 1\n2 5 10\n", "0 2 3 5 6\n"), ("3 1\n1 2 7\n", "0 7 -1\n")]),
    stdio("s6-cf-bisect-count-in-range", r'''
        import sys
        from bisect import bisect_left, bisect_right

        data = sys.stdin.buffer.read().split()
        n, q = int(data[0]), int(data[1])
        a = sorted(map(int, data[2:2 + n]))
        ans = []
        for i in range(q):
            l, r = int(data[2 + n + 2 * i]), int(data[3 + n + 2 * i])
            ans.append(bisect_right(a, r) - bisect_left(a, l))
        print(*ans)
        ''', [("6 4\n5 1 3 3 9 7\n1 3\n4 8\n10 20\n3 3\n", "3 2 0 2\n")]),
    stdio("s6-cf-lru-cache-digit-dp", r'''
        from functools import lru_cache


        def count_upto(n):
            """How many numbers in [0, n] have digit sum divisible by 3 and no digit 7."""
            s = str(n)

            @lru_cache(maxsize=None)
            def go(i, tight, mod):
                if i == len(s):
                    return 1 if mod == 0 else 0
                lim = int(s[i]) if tight else 9
                total = 0
                for d in range(lim + 1):
                    if d == 7:
                        continue
                    total += go(i + 1, tight and d == lim, (mod + d) % 3)
                return total

            return go(0, True, 0)


        a, b = map(int, input().split())
        print(count_upto(b) - count_upto(a - 1) if a > 0 else count_upto(b))
        ''', [("1 30\n", "9\n"), ("0 0\n", "1\n"), ("1 1000000000000000000\n", "50031545098986584\n")]),
    stdio("s6-cf-bfs-grid-shortest-path", r'''
        import sys
        from collections import deque


        def main():
            input = sys.stdin.readline
            h, w = map(int, input().split())
            grid = [input().strip() for _ in range(h)]
            sr = sc = tr = tc = 0
            for i, row in enumerate(grid):
                for j, ch in enumerate(row):
                    if ch == "S":
                        sr, sc = i, j
                    elif ch == "T":
                        tr, tc = i, j
            dist = [[-1] * w for _ in range(h)]
            dist[sr][sc] = 0
            dq = deque([(sr, sc)])
            while dq:
                r, c = dq.popleft()
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < h and 0 <= nc < w and grid[nr][nc] != "#" and dist[nr][nc] < 0:
                        dist[nr][nc] = dist[r][c] + 1
                        dq.append((nr, nc))
            print(dist[tr][tc])


        main()
        ''', [("3 4\nS..#\n.#..\n...T\n", "5\n"), ("2 2\nS#\n#T\n", "-1\n")]),
    stdio("s6-cf-two-pointers-longest-window", r'''
        n, k = map(int, input().split())
        a = list(map(int, input().split()))
        best = left = cur = 0
        for right in range(n):
            cur += a[right]
            while cur > k:
                cur -= a[left]
                left += 1
            best = max(best, right - left + 1)
        print(best)
        ''', [("5 7\n2 1 3 4 1\n", "3\n"), ("3 0\n1 1 1\n", "0\n")]),
    stdio("s6-cf-float-9-digits-circle", r'''
        import math

        t = int(input())
        for _ in range(t):
            r = float(input())
            print("%.9f %.9f" % (math.pi * r * r, 2 * math.pi * r))
        ''', [("2\n1\n2.5\n", "3.141592654 6.283185307\n19.634954085 15.707963268\n")]),
    stdio("s6-cf-binary-search-on-answer-float", r'''
        n, k = map(int, input().split())
        ropes = [int(input()) for _ in range(n)]
        lo, hi = 0.0, 1e7
        for _ in range(100):
            mid = (lo + hi) / 2
            if sum(int(x / mid) for x in ropes) >= k:
                lo = mid
            else:
                hi = mid
        print(f"{lo:.6f}")
        ''', [("4 11\n802\n743\n457\n539\n", "200.500000\n")]),
    stdio("s6-cf-union-find-components", r'''
        import sys


        class DSU:
            def __init__(self, n):
                self.p = list(range(n))
                self.sz = [1] * n

            def find(self, x):
                while self.p[x] != x:
                    self.p[x] = self.p[self.p[x]]
                    x = self.p[x]
                return x

            def union(self, a, b):
                a, b = self.find(a), self.find(b)
                if a == b:
                    return False
                if self.sz[a] < self.sz[b]:
                    a, b = b, a
                self.p[b] = a
                self.sz[a] += self.sz[b]
                return True


        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            d = DSU(n + 1)
            comps = n
            out = []
            for i in range(m):
                if d.union(int(data[2 + 2 * i]), int(data[3 + 2 * i])):
                    comps -= 1
                out.append(comps)
            print("\n".join(map(str, out)))


        main()
        ''', [("5 4\n1 2\n3 4\n1 2\n2 3\n", "4\n3\n3\n2\n")]),
    stdio("s6-cf-print-star-list-trailing-space-expected", r'''
        n = int(input())
        print(*range(n, 0, -1))
        ''', [("5\n", "5 4 3 2 1 \n"), ("1\n", "1\n")]),
    stdio("s6-cf-matrix-rotate-output-grid", r'''
        n, m = map(int, input().split())
        g = [input().split() for _ in range(n)]
        rot = [list(row) for row in zip(*g[::-1])]
        for row in rot:
            print(" ".join(row))
        ''', [("2 3\n1 2 3\n4 5 6\n", "4 1\n5 2\n6 3\n")]),
    stdio("s6-cf-knapsack-01-dp", r'''
        import sys

        def main():
            n, W = map(int, sys.stdin.readline().split())
            dp = [0] * (W + 1)
            for _ in range(n):
                w, v = map(int, sys.stdin.readline().split())
                for c in range(W, w - 1, -1):
                    if dp[c - w] + v > dp[c]:
                        dp[c] = dp[c - w] + v
            print(dp[W])

        main()
        ''', [("3 8\n3 30\n4 50\n5 60\n", "90\n"), ("1 1\n2 10\n", "0\n")]),
    stdio("s6-cf-lis-bisect-n-log-n", r'''
        from bisect import bisect_left

        input()
        tails = []
        for x in map(int, input().split()):
            i = bisect_left(tails, x)
            if i == len(tails):
                tails.append(x)
            else:
                tails[i] = x
        print(len(tails))
        ''', [("8\n10 9 2 5 3 7 101 18\n", "4\n"), ("1\n5\n", "1\n")]),
    stdio("s6-cf-string-palindrome-queries", r'''
        import sys

        def is_pal(s: str) -> bool:
            return s == s[::-1]

        lines = sys.stdin.read().splitlines()
        q = int(lines[0])
        for s in lines[1:1 + q]:
            print("YES" if is_pal(s) else "NO")
        ''', [("3\nabba\nabc\na\n", "YES\nNO\nYES\n")]),
    stdio("s6-cf-yes-no-case-insensitive-expected", r'''
        t = int(input())
        for _ in range(t):
            a, b = map(int, input().split())
            print("Yes" if (a + b) % 3 == 0 else "No")
        ''', [("3\n1 2\n2 2\n3 3\n", "Yes\nNo\nYes\n")]),
    stdio("s6-cf-sieve-primes-count-queries", r'''
        import sys

        LIMIT = 10**6
        sieve = bytearray([1]) * (LIMIT + 1)
        sieve[0] = sieve[1] = 0
        for i in range(2, int(LIMIT ** 0.5) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytearray(len(range(i * i, LIMIT + 1, i)))
        cnt = [0] * (LIMIT + 1)
        c = 0
        for i in range(LIMIT + 1):
            c += sieve[i]
            cnt[i] = c
        data = sys.stdin.read().split()
        print("\n".join(str(cnt[int(x)]) for x in data[1:]))
        ''', [("4\n10\n100\n1000000\n1\n", "4\n25\n78498\n0\n")]),
    stdio("s6-cf-topological-sort-kahn", r'''
        import sys
        import heapq

        def main():
            input = sys.stdin.readline
            n, m = map(int, input().split())
            indeg = [0] * (n + 1)
            g = [[] for _ in range(n + 1)]
            for _ in range(m):
                a, b = map(int, input().split())
                g[a].append(b)
                indeg[b] += 1
            pq = [i for i in range(1, n + 1) if indeg[i] == 0]
            heapq.heapify(pq)
            order = []
            while pq:
                u = heapq.heappop(pq)
                order.append(u)
                for v in g[u]:
                    indeg[v] -= 1
                    if indeg[v] == 0:
                        heapq.heappush(pq, v)
            if len(order) < n:
                print(-1)
            else:
                print(*order)

        main()
        ''', [("4 3\n1 2\n3 2\n2 4\n", "1 3 2 4\n"), ("2 2\n1 2\n2 1\n", "-1\n")]),
    stdio("s6-cf-segment-tree-point-update-range-min", r'''
        import sys


        class SegTree:
            def __init__(self, a):
                self.n = 1
                while self.n < len(a):
                    self.n *= 2
                self.t = [float("inf")] * (2 * self.n)
                self.t[self.n:self.n + len(a)] = a
                for i in range(self.n - 1, 0, -1):
                    self.t[i] = min(self.t[2 * i], self.t[2 * i + 1])

            def update(self, i, v):
                i += self.n
                self.t[i] = v
                i //= 2
                while i:
                    self.t[i] = min(self.t[2 * i], self.t[2 * i + 1])
                    i //= 2

            def query(self, l, r):
                res = float("inf")
                l += self.n
                r += self.n
                while l < r:
                    if l & 1:
                        res = min(res, self.t[l])
                        l += 1
                    if r & 1:
                        r -= 1
                        res = min(res, self.t[r])
                    l //= 2
                    r //= 2
                return res


        def main():
            it = iter(sys.stdin.buffer.read().split())
            n, q = int(next(it)), int(next(it))
            st = SegTree([int(next(it)) for _ in range(n)])
            out = []
            for _ in range(q):
                typ, x, y = int(next(it)), int(next(it)), int(next(it))
                if typ == 1:
                    st.update(x - 1, y)
                else:
                    out.append(st.query(x - 1, y))
            sys.stdout.write("\n".join(map(str, out)) + "\n")


        main()
        ''', [("5 5\n5 3 8 1 4\n2 1 3\n2 1 5\n1 4 9\n2 3 5\n2 4 4\n", "3\n1\n4\n9\n")]),
    stdio("s6-cf-fenwick-inversions", r'''
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            a = list(map(int, data[1:1 + n]))
            ranks = {v: i + 1 for i, v in enumerate(sorted(set(a)))}
            tree = [0] * (len(ranks) + 1)
            inv = 0
            for seen, x in enumerate(a):
                r = ranks[x]
                i, s = r, 0
                while i > 0:
                    s += tree[i]
                    i -= i & -i
                inv += seen - s
                i = r
                while i < len(tree):
                    tree[i] += 1
                    i += i & -i
            print(inv)


        main()
        ''', [("5\n2 4 1 3 5\n", "3\n"), ("4\n4 3 2 1\n", "6\n"), ("3\n1 1 1\n", "0\n")]),
    stdio("s6-cf-codechef-trailing-blank-lines", r'''
        T = int(input())
        for _ in range(T):
            N = int(input())
            print(N * (N + 1) // 2)
        ''', [("2\n3\n100000\n\n\n", "6\n5000050000\n\n")]),
    stdio("s6-cf-mex-multitest", r'''
        import sys


        def mex(a):
            s = set(a)
            m = 0
            while m in s:
                m += 1
            return m


        def main():
            data = sys.stdin.read().split()
            idx = 0
            t = int(data[idx]); idx += 1
            out = []
            for _ in range(t):
                n = int(data[idx]); idx += 1
                a = data[idx:idx + n]; idx += n
                out.append(str(mex(map(int, a))))
            print("\n".join(out))


        if __name__ == "__main__":
            main()
        ''', [("3\n4\n0 1 3 4\n2\n1 2\n5\n0 1 2 3 4\n", "2\n0\n5\n")]),
    stdio("s6-cf-bitmask-subset-sums", r'''
        n, target = map(int, input().split())
        a = list(map(int, input().split()))
        count = 0
        for mask in range(1 << n):
            s = 0
            for i in range(n):
                if mask >> i & 1:
                    s += a[i]
            if s == target:
                count += 1
        print(count)
        ''', [("4 5\n1 2 3 4\n", "2\n"), ("15 30\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n", "186\n")]),
    stdio("s6-cf-interactive-looking-guess-offline", r'''
        import sys

        def main():
            n = int(sys.stdin.readline())
            secret = int(sys.stdin.readline())
            lo, hi, steps = 1, n, 0
            while lo <= hi:
                mid = (lo + hi) // 2
                steps += 1
                print("?", mid, flush=True)
                if mid == secret:
                    break
                if mid < secret:
                    lo = mid + 1
                else:
                    hi = mid - 1
            print("!", secret, steps, flush=True)

        main()
        ''', [("10\n7\n", "? 5\n? 8\n? 6\n? 7\n! 7 4\n")]),
    stdio("s6-cf-deque-sliding-window-max", r'''
        import sys
        from collections import deque

        def main():
            data = sys.stdin.buffer.read().split()
            n, k = int(data[0]), int(data[1])
            a = list(map(int, data[2:2 + n]))
            dq = deque()
            res = []
            for i, x in enumerate(a):
                while dq and a[dq[-1]] <= x:
                    dq.pop()
                dq.append(i)
                if dq[0] <= i - k:
                    dq.popleft()
                if i >= k - 1:
                    res.append(a[dq[0]])
            print(" ".join(map(str, res)))

        main()
        ''', [("8 3\n1 3 -1 -3 5 3 6 7\n", "3 3 5 5 6 7\n")]),
    stdio("s6-cf-counter-anagram-groups", r'''
        from collections import Counter, defaultdict

        n = int(input())
        groups = defaultdict(list)
        for _ in range(n):
            w = input().strip()
            groups["".join(sorted(w))].append(w)
        sizes = Counter(len(v) for v in groups.values())
        print(len(groups))
        for size in sorted(sizes):
            print(size, sizes[size])
        ''', [("6\neat\ntea\ntan\nate\nnat\nbat\n", "3\n1 1\n2 1\n3 1\n")]),
    stdio("s6-cf-map-input-lambda-readers", r'''
        import sys

        input = lambda: sys.stdin.readline().rstrip("\r\n")
        I = lambda: int(input())
        MI = lambda: map(int, input().split())
        LI = lambda: list(MI())

        for _ in range(I()):
            n, x = MI()
            a = LI()
            print(sum(1 for v in a if v >= x))
        ''', [("2\n3 2\n1 2 3\n4 10\n1 2 3 4\n", "2\n0\n")]),
    stdio("s6-cf-heap-k-closest-points", r'''
        import heapq

        n, k = map(int, input().split())
        pts = [tuple(map(int, input().split())) for _ in range(n)]
        best = heapq.nsmallest(k, range(n), key=lambda i: (pts[i][0] ** 2 + pts[i][1] ** 2, i))
        for i in best:
            print(*pts[i])
        ''', [("4 2\n3 3\n5 -1\n-2 4\n1 1\n", "1 1\n3 3\n")]),
    stdio("s6-cf-string-builder-run-length", r'''
        s = input()
        out = []
        i = 0
        while i < len(s):
            j = i
            while j < len(s) and s[j] == s[i]:
                j += 1
            out.append(f"{s[i]}{j - i}")
            i = j
        print("".join(out))
        ''', [("aaabccdddd\n", "a3b1c2d4\n"), ("z\n", "z1\n")]),
    stdio("s6-cf-modpow-fermat-inverse", r'''
        MOD = 998244353
        t = int(input())
        for _ in range(t):
            p, q = map(int, input().split())
            print(p * pow(q, MOD - 2, MOD) % MOD)
        ''', [("3\n1 2\n3 4\n0 5\n", "499122177\n249561089\n0\n")]),
    stdio("s6-cf-coordinate-compression", r'''
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        a = list(map(int, data[1:n + 1]))
        idx = {v: i for i, v in enumerate(sorted(set(a)))}
        sys.stdout.write(" ".join(str(idx[v]) for v in a) + "\n")
        ''', [("5\n100 -5 100 7 0\n", "3 0 3 2 1\n")]),
    stdio("s6-cf-dfs-iterative-components", r'''
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            adj = [[] for _ in range(n)]
            for i in range(m):
                u, v = int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1
                adj[u].append(v)
                adj[v].append(u)
            seen = [False] * n
            sizes = []
            for s in range(n):
                if seen[s]:
                    continue
                seen[s] = True
                stack = [s]
                size = 0
                while stack:
                    u = stack.pop()
                    size += 1
                    for v in adj[u]:
                        if not seen[v]:
                            seen[v] = True
                            stack.append(v)
                sizes.append(size)
            sizes.sort(reverse=True)
            print(len(sizes))
            print(*sizes)

        main()
        ''', [("6 3\n1 2\n2 3\n5 6\n", "3\n3 2 1\n")]),
    stdio("s6-cf-recursive-dfs-setrecursionlimit-subtree-sizes", r'''
        import sys
        sys.setrecursionlimit(10**6)


        def main():
            n = int(input())
            parents = list(map(int, input().split())) if n > 1 else []
            children = [[] for _ in range(n + 1)]
            for i, p in enumerate(parents, start=2):
                children[p].append(i)
            size = [0] * (n + 1)

            def dfs(u):
                size[u] = 1
                for v in children[u]:
                    dfs(v)
                    size[u] += size[v]

            dfs(1)
            print(*size[1:])


        main()
        ''', [("5\n1 1 2 2\n", "5 3 1 1 1\n"), ("1\n", "1\n"),
              ("3000\n" + " ".join(str(i) for i in range(1, 3000)) + "\n",
               " ".join(str(3000 - i) for i in range(3000)) + "\n")]),
    stdio("s6-cf-print-float-round-half", r'''
        a, b = map(int, input().split())
        print(round(a / b, 2))
        print(f"{a / b:.2f}")
        print("{:.3e}".format(a / b))
        ''', [("1 3\n", "0.33\n0.33\n3.333e-01\n"), ("10 4\n", "2.5\n2.50\n2.500e+00\n")]),
    stdio("s6-cf-lcb-atcoder-abc-style", r'''
        N = int(input())
        S = input()
        ans = 0
        for i in range(N - 2):
            if S[i:i + 3] == "ABC":
                ans += 1
        print(ans)
        ''', [("10\nZABCDBABCQ\n", "2\n"), ("3\nABC\n", "1\n")]),
    stdio("s6-cf-lcb-takahashi-aoki-winner", r'''
        N = int(input())
        t = a = 0
        for _ in range(N):
            x, y = map(int, input().split())
            t += x
            a += y
        print("Takahashi" if t > a else "Aoki" if a > t else "Draw")
        ''', [("4\n10 2\n10 1\n10 2\n3 2\n", "Takahashi\n"), ("1\n1 1\n", "Draw\n")]),
    stdio("s6-cf-graph-bipartite-check", r'''
        import sys
        from collections import deque

        input = sys.stdin.readline

        def solve():
            n, m = map(int, input().split())
            g = [[] for _ in range(n + 1)]
            for _ in range(m):
                u, v = map(int, input().split())
                g[u].append(v)
                g[v].append(u)
            color = [-1] * (n + 1)
            for s in range(1, n + 1):
                if color[s] != -1:
                    continue
                color[s] = 0
                q = deque([s])
                while q:
                    u = q.popleft()
                    for v in g[u]:
                        if color[v] == -1:
                            color[v] = color[u] ^ 1
                            q.append(v)
                        elif color[v] == color[u]:
                            return False
            return True

        for _ in range(int(input())):
            print("YES" if solve() else "NO")
        ''', [("2\n4 4\n1 2\n2 3\n3 4\n4 1\n3 3\n1 2\n2 3\n3 1\n", "YES\nNO\n")]),
    stdio("s6-cf-greedy-intervals-scheduling", r'''
        import sys

        data = sys.stdin.read().split()
        n = int(data[0])
        iv = sorted(((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n)), key=lambda p: p[1])
        end = -1
        cnt = 0
        for s, e in iv:
            if s >= end:
                cnt += 1
                end = e
        print(cnt)
        ''', [("3\n3 5\n4 9\n5 8\n", "2\n"), ("4\n1 2\n2 3\n3 4\n1 4\n", "3\n")]),
    stdio("s6-cf-matrix-exponent-fibonacci-mod", r'''
        MOD = 10**9 + 7


        def mat_mult(A, B):
            return [[sum(A[i][k] * B[k][j] for k in range(2)) % MOD for j in range(2)] for i in range(2)]


        def mat_pow(M, p):
            R = [[1, 0], [0, 1]]
            while p:
                if p & 1:
                    R = mat_mult(R, M)
                M = mat_mult(M, M)
                p >>= 1
            return R


        n = int(input())
        print(mat_pow([[1, 1], [1, 0]], n)[0][1])
        ''', [("10\n", "55\n"), ("1000000000000000000\n", "209783453\n"), ("0\n", "0\n")]),
    stdio("s6-cf-string-z-function", r'''
        def z_function(s):
            n = len(s)
            z = [0] * n
            l = r = 0
            for i in range(1, n):
                if i < r:
                    z[i] = min(r - i, z[i - l])
                while i + z[i] < n and s[z[i]] == s[i + z[i]]:
                    z[i] += 1
                if i + z[i] > r:
                    l, r = i, i + z[i]
            return z


        p = input()
        t = input()
        z = z_function(p + "$" + t)
        occ = [i - len(p) - 1 for i in range(len(p) + 1, len(z)) if z[i] >= len(p)]
        print(len(occ))
        print(*occ)
        ''', [("aba\nabacaba\n", "2\n0 4\n"), ("xy\nxyxyxy\n", "3\n0 2 4\n")]),
    stdio("s6-cf-sorting-pairs-custom-key", r'''
        n = int(input())
        people = []
        for _ in range(n):
            name, score = input().split()
            people.append((name, int(score)))
        people.sort(key=lambda p: (-p[1], p[0]))
        for rank, (name, score) in enumerate(people, 1):
            print(f"{rank}. {name} {score}")
        ''', [("4\nbob 90\nalice 95\ncarol 90\ndave 70\n", "1. alice 95\n2. bob 90\n3. carol 90\n4. dave 70\n")]),
    stdio("s6-cf-cumulative-2d-prefix", r'''
        import sys

        def main():
            it = iter(map(int, sys.stdin.buffer.read().split()))
            n, m, q = next(it), next(it), next(it)
            P = [[0] * (m + 1) for _ in range(n + 1)]
            for i in range(1, n + 1):
                row = P[i]
                prev = P[i - 1]
                for j in range(1, m + 1):
                    row[j] = next(it) + row[j - 1] + prev[j] - prev[j - 1]
            out = []
            for _ in range(q):
                r1, c1, r2, c2 = next(it), next(it), next(it), next(it)
                out.append(P[r2][c2] - P[r1 - 1][c2] - P[r2][c1 - 1] + P[r1 - 1][c1 - 1])
            print(*out, sep="\n")

        main()
        ''', [("3 3 2\n1 2 3\n4 5 6\n7 8 9\n1 1 2 2\n2 2 3 3\n", "12\n28\n")]),
    stdio("s6-cf-kmp-prefix-function-period", r'''
        s = input().strip()
        n = len(s)
        pi = [0] * n
        for i in range(1, n):
            k = pi[i - 1]
            while k and s[i] != s[k]:
                k = pi[k - 1]
            if s[i] == s[k]:
                k += 1
            pi[i] = k
        period = n - pi[-1]
        print(period if n % period == 0 else n)
        ''', [("abcabcabc\n", "3\n"), ("abcab\n", "5\n"), ("aaaa\n", "1\n")]),
    stdio("s6-cf-bigint-sum-of-huge-numbers", r'''
        import sys

        nums = sys.stdin.read().split()[1:]
        print(sum(int(x) for x in nums))
        ''', [("3\n" + "9" * 500 + "\n1\n-" + "1" * 300 + "\n",
               str(int("9" * 500) + 1 - int("1" * 300)) + "\n")]),
    stdio("s6-cf-range-updates-difference-array", r'''
        import sys

        input = sys.stdin.readline
        n, q = map(int, input().split())
        diff = [0] * (n + 2)
        for _ in range(q):
            l, r, v = map(int, input().split())
            diff[l] += v
            diff[r + 1] -= v
        cur = 0
        res = []
        for i in range(1, n + 1):
            cur += diff[i]
            res.append(cur)
        print(*res)
        ''', [("5 3\n1 3 2\n2 5 1\n4 4 10\n", "2 3 3 11 1\n")]),
    stdio("s6-cf-eof-loop-try-except", r'''
        while True:
            try:
                line = input()
            except EOFError:
                break
            if not line.strip():
                continue
            a, b = map(int, line.split())
            print(a + b)
        ''', [("1 2\n3 4\n\n10 20", "3\n7\n30\n")]),
    stdio("s6-cf-permutations-brute-tsp", r'''
        from itertools import permutations

        n = int(input())
        d = [list(map(int, input().split())) for _ in range(n)]
        best = min(
            sum(d[a][b] for a, b in zip((0,) + p, p + (0,)))
            for p in permutations(range(1, n))
        )
        print(best)
        ''', [("4\n0 10 15 20\n10 0 35 25\n15 35 0 30\n20 25 30 0\n", "80\n")]),
    stdio("s6-cf-stack-bracket-validate-multitest", r'''
        import sys

        PAIRS = {")": "(", "]": "[", "}": "{"}


        def ok(s: str) -> bool:
            st = []
            for ch in s:
                if ch in "([{":
                    st.append(ch)
                elif not st or st.pop() != PAIRS[ch]:
                    return False
            return not st


        t, *rest = sys.stdin.read().split()
        print("\n".join("YES" if ok(s) else "NO" for s in rest[:int(t)]))
        ''', [("4\n()[]{}\n([)]\n((()))\n(\n", "YES\nNO\nYES\nNO\n")]),
    stdio("s6-cf-lcb-chinese-remainder-small", r'''
        def ext_gcd(a, b):
            if b == 0:
                return a, 1, 0
            g, x, y = ext_gcd(b, a % b)
            return g, y, x - (a // b) * y


        def crt(rs, ms):
            r, m = 0, 1
            for ri, mi in zip(rs, ms):
                g, p, _ = ext_gcd(m, mi)
                if (ri - r) % g:
                    return -1
                lcm = m // g * mi
                r = (r + m * ((ri - r) // g * p % (mi // g))) % lcm
                m = lcm
            return r


        k = int(input())
        rs, ms = [], []
        for _ in range(k):
            r, m = map(int, input().split())
            rs.append(r)
            ms.append(m)
        print(crt(rs, ms))
        ''', [("3\n2 3\n3 5\n2 7\n", "23\n"), ("2\n1 2\n0 4\n", "-1\n")]),
    stdio("s6-cf-sqrt-isqrt-perfect-squares", r'''
        from math import isqrt

        for _ in range(int(input())):
            n = int(input())
            r = isqrt(n)
            print("YES" if r * r == n else "NO", r)
        ''', [("3\n16\n15\n1000000000000000000\n", "YES 4\nNO 3\nYES 1000000000\n")]),
    stdio("s6-cf-output-with-trailing-whitespace", r'''
        n = int(input())
        for i in range(1, n + 1):
            print("*" * i + " " * (n - i) + " ")
        ''', [("3\n", "*\n**\n***\n")]),
    stdio("s6-cf-stdout-write-no-join-loop", r'''
        import sys

        n = int(sys.stdin.readline())
        w = sys.stdout.write
        for i in range(1, n + 1):
            w(str(i * i))
            w("\n")
        ''', [("4\n", "1\n4\n9\n16\n"), ("100000\n", "".join(f"{i * i}\n" for i in range(1, 100_001)))]),
    stdio("s6-cf-pow-fast-exponent-big-output", r'''
        a, b = map(int, input().split())
        print(pow(a, b))
        ''', [("2 1000\n", str(2**1000) + "\n"), ("7 0\n", "1\n")]),
    stdio("s6-cf-ternary-search-convex-float", r'''
        def f(x, pts):
            return sum((x - p) ** 2 for p in pts)


        n = int(input())
        pts = list(map(float, input().split()))
        lo, hi = -1e4, 1e4
        for _ in range(200):
            m1 = lo + (hi - lo) / 3
            m2 = hi - (hi - lo) / 3
            if f(m1, pts) < f(m2, pts):
                hi = m2
            else:
                lo = m1
        print("%.9f" % f((lo + hi) / 2, pts))
        ''', [("3\n1 2 3\n", "2.000000000\n"), ("2\n0 10\n", "50.000000000\n")]),
    stdio("s6-cf-sys-exit-early-no", r'''
        import sys

        n = int(input())
        a = list(map(int, input().split()))
        for i in range(1, n):
            if a[i] < a[i - 1]:
                print("NO")
                sys.exit()
        print("YES")
        ''', [("3\n1 2 3\n", "YES\n"), ("3\n3 1 2\n", "NO\n")]),
    stdio("s6-cf-default-dict-graph-count-paths-dag-memo", r'''
        import sys
        from collections import defaultdict
        from functools import lru_cache

        sys.setrecursionlimit(10000)
        MOD = 10**9 + 7

        n, m = map(int, sys.stdin.readline().split())
        g = defaultdict(list)
        for _ in range(m):
            a, b = map(int, sys.stdin.readline().split())
            g[a].append(b)


        @lru_cache(None)
        def ways(u):
            if u == n:
                return 1
            return sum(ways(v) for v in g[u]) % MOD


        print(ways(1))
        ''', [("4 5\n1 2\n1 3\n2 4\n3 4\n1 4\n", "3\n"),
              (_DAG_IN, _DAG_OUT)]),
]

_LC_BIG = _ints(100_000, -10**4, 10**4)
_LC_BIG_KADANE = max(accumulate(_LC_BIG, lambda acc, x: max(acc + x, x)))

LEETCODE: list[Case] = [
    lc("s6-lcd-three-sum", """
        class Solution:
            def threeSum(self, nums: List[int]) -> List[List[int]]:
                nums.sort()
                res = []
                n = len(nums)
                for i in range(n - 2):
                    if i and nums[i] == nums[i - 1]:
                        continue
                    l, r = i + 1, n - 1
                    while l < r:
                        s = nums[i] + nums[l] + nums[r]
                        if s < 0:
                            l += 1
                        elif s > 0:
                            r -= 1
                        else:
                            res.append([nums[i], nums[l], nums[r]])
                            while l < r and nums[l] == nums[l + 1]:
                                l += 1
                            while l < r and nums[r] == nums[r - 1]:
                                r -= 1
                            l += 1
                            r -= 1
                return res
        """, "threeSum", """
        def check(candidate):
            assert candidate(nums=[-1, 0, 1, 2, -1, -4]) == [[-1, -1, 2], [-1, 0, 1]]
            assert candidate(nums=[0, 1, 1]) == []
            assert candidate(nums=[0, 0, 0]) == [[0, 0, 0]]
            assert candidate(nums=[-2, 0, 1, 1, 2]) == [[-2, 0, 2], [-2, 1, 1]]
        """),
    lc("s6-lcd-max-subarray-big", """
        class Solution:
            def maxSubArray(self, nums: List[int]) -> int:
                best = cur = nums[0]
                for x in nums[1:]:
                    cur = max(x, cur + x)
                    best = max(best, cur)
                return best
        """, "maxSubArray", f"""
        def check(candidate):
            assert candidate(nums=[-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6
            assert candidate(nums=[1]) == 1
            assert candidate(nums=[-3, -1, -2]) == -1
            assert candidate(nums={_LC_BIG!r}) == {_LC_BIG_KADANE}
        """),
    lc("s6-lcd-merge-intervals", """
        class Solution:
            def merge(self, intervals: List[List[int]]) -> List[List[int]]:
                intervals.sort(key=lambda x: x[0])
                merged: List[List[int]] = []
                for s, e in intervals:
                    if merged and s <= merged[-1][1]:
                        merged[-1][1] = max(merged[-1][1], e)
                    else:
                        merged.append([s, e])
                return merged
        """, "merge", """
        def check(candidate):
            assert candidate(intervals=[[1, 3], [2, 6], [8, 10], [15, 18]]) == [[1, 6], [8, 10], [15, 18]]
            assert candidate(intervals=[[1, 4], [4, 5]]) == [[1, 5]]
            assert candidate(intervals=[[4, 7], [1, 4]]) == [[1, 7]]
        """),
    lc("s6-lcd-coin-change-dp", """
        class Solution:
            def coinChange(self, coins: List[int], amount: int) -> int:
                dp = [0] + [inf] * amount
                for c in coins:
                    for a in range(c, amount + 1):
                        if dp[a - c] + 1 < dp[a]:
                            dp[a] = dp[a - c] + 1
                return -1 if dp[amount] == inf else dp[amount]
        """, "coinChange", """
        def check(candidate):
            assert candidate(coins=[1, 2, 5], amount=11) == 3
            assert candidate(coins=[2], amount=3) == -1
            assert candidate(coins=[1], amount=0) == 0
            assert candidate(coins=[186, 419, 83, 408], amount=6249) == 20
        """),
    lc("s6-lcd-number-of-islands-dfs", """
        class Solution:
            def numIslands(self, grid: List[List[str]]) -> int:
                m, n = len(grid), len(grid[0])

                def sink(i: int, j: int) -> None:
                    stack = [(i, j)]
                    grid[i][j] = "0"
                    while stack:
                        r, c = stack.pop()
                        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                            if 0 <= nr < m and 0 <= nc < n and grid[nr][nc] == "1":
                                grid[nr][nc] = "0"
                                stack.append((nr, nc))

                count = 0
                for i in range(m):
                    for j in range(n):
                        if grid[i][j] == "1":
                            count += 1
                            sink(i, j)
                return count
        """, "numIslands", """
        def check(candidate):
            assert candidate(grid=[["1", "1", "0", "0", "0"], ["1", "1", "0", "0", "0"], ["0", "0", "1", "0", "0"],
                                   ["0", "0", "0", "1", "1"]]) == 3
            assert candidate(grid=[["1", "1", "1"], ["0", "1", "0"], ["1", "1", "1"]]) == 1
            assert candidate(grid=[["0"]]) == 0
            assert candidate(grid=[["1" if (i + j) % 2 == 0 else "0" for j in range(60)] for i in range(60)]) == 1800
        """),
    lc("s6-lcd-reverse-linked-list", """
        class Solution:
            def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
                prev = None
                while head:
                    head.next, prev, head = prev, head, head.next
                return prev
        """, "reverseList", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([5, 4, 3, 2, 1]))
            assert is_same_list(candidate(head=list_node([1, 2])), list_node([2, 1]))
            assert candidate(head=None) is None
        """),
    lc("s6-lcd-merge-two-sorted-lists", """
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
        """, "mergeTwoLists", """
        def check(candidate):
            assert is_same_list(candidate(list1=list_node([1, 2, 4]), list2=list_node([1, 3, 4])),
                                list_node([1, 1, 2, 3, 4, 4]))
            assert is_same_list(candidate(list1=list_node([]), list2=list_node([])), list_node([]))
            assert is_same_list(candidate(list1=list_node([]), list2=list_node([0])), list_node([0]))
        """),
    lc("s6-lcd-remove-nth-from-end", """
        class Solution:
            def removeNthFromEnd(self, head: Optional[ListNode], n: int) -> Optional[ListNode]:
                dummy = ListNode(0, head)
                fast = slow = dummy
                for _ in range(n + 1):
                    fast = fast.next
                while fast:
                    fast, slow = fast.next, slow.next
                slow.next = slow.next.next
                return dummy.next
        """, "removeNthFromEnd", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5]), n=2), list_node([1, 2, 3, 5]))
            assert is_same_list(candidate(head=list_node([1]), n=1), list_node([]))
            assert is_same_list(candidate(head=list_node([1, 2]), n=1), list_node([1]))
        """),
    lc("s6-lcd-max-depth-tree", """
        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                if not root:
                    return 0
                return 1 + max(self.maxDepth(root.left), self.maxDepth(root.right))
        """, "maxDepth", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 3
            assert candidate(root=tree_node([1, None, 2])) == 2
            assert candidate(root=tree_node([])) == 0
        """),
    lc("s6-lcd-validate-bst", """
        class Solution:
            def isValidBST(self, root: Optional[TreeNode]) -> bool:
                def ok(node, lo, hi):
                    if node is None:
                        return True
                    if not lo < node.val < hi:
                        return False
                    return ok(node.left, lo, node.val) and ok(node.right, node.val, hi)

                return ok(root, -inf, inf)
        """, "isValidBST", """
        def check(candidate):
            assert candidate(root=tree_node([2, 1, 3])) == True
            assert candidate(root=tree_node([5, 1, 4, None, None, 3, 6])) == False
            assert candidate(root=tree_node([5, 4, 6, None, None, 3, 7])) == False
            assert candidate(root=tree_node([1])) == True
        """),
    lc("s6-lcd-binary-tree-right-side-view", """
        class Solution:
            def rightSideView(self, root: Optional[TreeNode]) -> List[int]:
                res = []
                q = deque([root] if root else [])
                while q:
                    res.append(q[-1].val)
                    for _ in range(len(q)):
                        node = q.popleft()
                        if node.left:
                            q.append(node.left)
                        if node.right:
                            q.append(node.right)
                return res
        """, "rightSideView", """
        def check(candidate):
            assert candidate(root=tree_node([1, 2, 3, None, 5, None, 4])) == [1, 3, 4]
            assert candidate(root=tree_node([1, None, 3])) == [1, 3]
            assert candidate(root=tree_node([])) == []
        """),
    lc("s6-lcd-build-tree-preorder-inorder", """
        class Solution:
            def buildTree(self, preorder: List[int], inorder: List[int]) -> Optional[TreeNode]:
                pos = {v: i for i, v in enumerate(inorder)}
                it = iter(preorder)

                def build(lo: int, hi: int) -> Optional[TreeNode]:
                    if lo > hi:
                        return None
                    val = next(it)
                    node = TreeNode(val)
                    node.left = build(lo, pos[val] - 1)
                    node.right = build(pos[val] + 1, hi)
                    return node

                return build(0, len(inorder) - 1)
        """, "buildTree", """
        def check(candidate):
            assert is_same_tree(candidate(preorder=[3, 9, 20, 15, 7], inorder=[9, 3, 15, 20, 7]),
                                tree_node([3, 9, 20, None, None, 15, 7]))
            assert is_same_tree(candidate(preorder=[-1], inorder=[-1]), tree_node([-1]))
        """),
    lc("s6-lcd-top-k-frequent", """
        class Solution:
            def topKFrequent(self, nums: List[int], k: int) -> List[int]:
                return [x for x, _ in Counter(nums).most_common(k)]
        """, "topKFrequent", """
        def check(candidate):
            assert sorted(candidate(nums=[1, 1, 1, 2, 2, 3], k=2)) == [1, 2]
            assert candidate(nums=[1], k=1) == [1]
            assert sorted(candidate(nums=[4, 4, 5, 5, 5, 6, 6, 6, 6], k=2)) == [5, 6]
        """),
    lc("s6-lcd-longest-palindromic-substring", """
        class Solution:
            def longestPalindrome(self, s: str) -> str:
                best = ""
                for center in range(2 * len(s) - 1):
                    l, r = center // 2, (center + 1) // 2
                    while l >= 0 and r < len(s) and s[l] == s[r]:
                        l -= 1
                        r += 1
                    if r - l - 1 > len(best):
                        best = s[l + 1:r]
                return best
        """, "longestPalindrome", """
        def check(candidate):
            assert candidate(s="babad") in ("bab", "aba")
            assert candidate(s="cbbd") == "bb"
            assert candidate(s="a") == "a"
            assert candidate(s="forgeeksskeegfor") == "geeksskeeg"
        """),
    lc("s6-lcd-word-break-memo", """
        class Solution:
            def wordBreak(self, s: str, wordDict: List[str]) -> bool:
                words = set(wordDict)

                @cache
                def can(i: int) -> bool:
                    if i == len(s):
                        return True
                    return any(s[i:j] in words and can(j) for j in range(i + 1, len(s) + 1))

                return can(0)
        """, "wordBreak", """
        def check(candidate):
            assert candidate(s="leetcode", wordDict=["leet", "code"]) == True
            assert candidate(s="applepenapple", wordDict=["apple", "pen"]) == True
            assert candidate(s="catsandog", wordDict=["cats", "dog", "sand", "and", "cat"]) == False
            assert candidate(s="a" * 150 + "b", wordDict=["a", "aa", "aaa"]) == False
        """),
    lc("s6-lcd-course-schedule-cycle", """
        class Solution:
            def canFinish(self, numCourses: int, prerequisites: List[List[int]]) -> bool:
                g = defaultdict(list)
                indeg = [0] * numCourses
                for a, b in prerequisites:
                    g[b].append(a)
                    indeg[a] += 1
                q = deque(i for i in range(numCourses) if indeg[i] == 0)
                done = 0
                while q:
                    u = q.popleft()
                    done += 1
                    for v in g[u]:
                        indeg[v] -= 1
                        if indeg[v] == 0:
                            q.append(v)
                return done == numCourses
        """, "canFinish", """
        def check(candidate):
            assert candidate(numCourses=2, prerequisites=[[1, 0]]) == True
            assert candidate(numCourses=2, prerequisites=[[1, 0], [0, 1]]) == False
            assert candidate(numCourses=5, prerequisites=[[1, 4], [2, 4], [3, 1], [3, 2]]) == True
        """),
    lc("s6-lcd-edit-distance", """
        class Solution:
            def minDistance(self, word1: str, word2: str) -> int:
                m, n = len(word1), len(word2)
                prev = list(range(n + 1))
                for i in range(1, m + 1):
                    cur = [i] + [0] * n
                    for j in range(1, n + 1):
                        if word1[i - 1] == word2[j - 1]:
                            cur[j] = prev[j - 1]
                        else:
                            cur[j] = 1 + min(prev[j], cur[j - 1], prev[j - 1])
                    prev = cur
                return prev[n]
        """, "minDistance", """
        def check(candidate):
            assert candidate(word1="horse", word2="ros") == 3
            assert candidate(word1="intention", word2="execution") == 5
            assert candidate(word1="", word2="abc") == 3
        """),
    lc("s6-lcd-trapping-rain-water", """
        class Solution:
            def trap(self, height: List[int]) -> int:
                l, r = 0, len(height) - 1
                lmax = rmax = water = 0
                while l < r:
                    if height[l] < height[r]:
                        lmax = max(lmax, height[l])
                        water += lmax - height[l]
                        l += 1
                    else:
                        rmax = max(rmax, height[r])
                        water += rmax - height[r]
                        r -= 1
                return water
        """, "trap", """
        def check(candidate):
            assert candidate(height=[0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1]) == 6
            assert candidate(height=[4, 2, 0, 3, 2, 5]) == 9
            assert candidate(height=[1]) == 0
            assert candidate(height=[0] + [10**5] * 2 + [0] * 10**4 + [10**5]) == 10**9
        """),
    lc("s6-lcd-search-rotated-array", """
        class Solution:
            def search(self, nums: List[int], target: int) -> int:
                lo, hi = 0, len(nums) - 1
                while lo <= hi:
                    mid = (lo + hi) // 2
                    if nums[mid] == target:
                        return mid
                    if nums[lo] <= nums[mid]:
                        if nums[lo] <= target < nums[mid]:
                            hi = mid - 1
                        else:
                            lo = mid + 1
                    else:
                        if nums[mid] < target <= nums[hi]:
                            lo = mid + 1
                        else:
                            hi = mid - 1
                return -1
        """, "search", """
        def check(candidate):
            assert candidate(nums=[4, 5, 6, 7, 0, 1, 2], target=0) == 4
            assert candidate(nums=[4, 5, 6, 7, 0, 1, 2], target=3) == -1
            assert candidate(nums=[1], target=0) == -1
            big = list(range(50000, 100000)) + list(range(50000))
            assert candidate(nums=big, target=49999) == 99999
        """),
    lc("s6-lcd-product-except-self", """
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
        """, "productExceptSelf", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3, 4]) == [24, 12, 8, 6]
            assert candidate(nums=[-1, 1, 0, -3, 3]) == [0, 0, 9, 0, 0]
        """),
    lc("s6-lcd-rotate-image-in-place-none", """
        class Solution:
            def rotate(self, matrix: List[List[int]]) -> None:
                \"\"\"
                Do not return anything, modify matrix in-place instead.
                \"\"\"
                n = len(matrix)
                for i in range(n):
                    for j in range(i + 1, n):
                        matrix[i][j], matrix[j][i] = matrix[j][i], matrix[i][j]
                for row in matrix:
                    row.reverse()
        """, "rotate", """
        def check(candidate):
            m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
            assert candidate(matrix=m) is None
            assert m == [[7, 4, 1], [8, 5, 2], [9, 6, 3]]
            m = [[5, 1, 9, 11], [2, 4, 8, 10], [13, 3, 6, 7], [15, 14, 12, 16]]
            candidate(m)
            assert m == [[15, 13, 2, 5], [14, 3, 4, 1], [12, 6, 8, 9], [16, 7, 10, 11]]
        """),
    lc("s6-lcd-move-zeroes-in-place", """
        class Solution:
            def moveZeroes(self, nums: List[int]) -> None:
                w = 0
                for r in range(len(nums)):
                    if nums[r] != 0:
                        nums[w], nums[r] = nums[r], nums[w]
                        w += 1
        """, "moveZeroes", """
        def check(candidate):
            nums = [0, 1, 0, 3, 12]
            candidate(nums)
            assert nums == [1, 3, 12, 0, 0]
            nums = [0]
            candidate(nums=nums)
            assert nums == [0]
            nums = [i % 3 for i in range(30000)]
            candidate(nums)
            assert nums[:20000] == [1, 2] * 10000 and not any(nums[20000:])
        """),
    lc("s6-lcd-kth-largest-quickselect-heap", """
        class Solution:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                heap = nums[:k]
                heapify(heap)
                for x in nums[k:]:
                    if x > heap[0]:
                        heapreplace(heap, x)
                return heap[0]
        """, "findKthLargest", """
        def check(candidate):
            assert candidate(nums=[3, 2, 1, 5, 6, 4], k=2) == 5
            assert candidate(nums=[3, 2, 3, 1, 2, 4, 5, 5, 6], k=4) == 4
            assert candidate(nums=list(range(100000)), k=1) == 99999
        """),
    lc("s6-lcd-min-path-sum-grid", """
        class Solution:
            def minPathSum(self, grid: List[List[int]]) -> int:
                m, n = len(grid), len(grid[0])
                dp = [inf] * (n + 1)
                dp[1] = 0
                for i in range(m):
                    for j in range(n):
                        dp[j + 1] = min(dp[j], dp[j + 1]) + grid[i][j]
                return dp[n]
        """, "minPathSum", """
        def check(candidate):
            assert candidate(grid=[[1, 3, 1], [1, 5, 1], [4, 2, 1]]) == 7
            assert candidate(grid=[[1, 2, 3], [4, 5, 6]]) == 12
        """),
    lc("s6-lcd-daily-temperatures-stack", """
        class Solution:
            def dailyTemperatures(self, temperatures: List[int]) -> List[int]:
                ans = [0] * len(temperatures)
                stack: List[int] = []
                for i, t in enumerate(temperatures):
                    while stack and temperatures[stack[-1]] < t:
                        j = stack.pop()
                        ans[j] = i - j
                    stack.append(i)
                return ans
        """, "dailyTemperatures", """
        def check(candidate):
            assert candidate(temperatures=[73, 74, 75, 71, 69, 72, 76, 73]) == [1, 1, 4, 2, 1, 1, 0, 0]
            assert candidate(temperatures=[30, 40, 50, 60]) == [1, 1, 1, 0]
            assert candidate(temperatures=[30, 60, 90]) == [1, 1, 0]
        """),
    lc("s6-lcd-network-delay-dijkstra", """
        class Solution:
            def networkDelayTime(self, times: List[List[int]], n: int, k: int) -> int:
                g = defaultdict(list)
                for u, v, w in times:
                    g[u].append((v, w))
                dist = {}
                pq = [(0, k)]
                while pq:
                    d, u = heappop(pq)
                    if u in dist:
                        continue
                    dist[u] = d
                    for v, w in g[u]:
                        if v not in dist:
                            heappush(pq, (d + w, v))
                return max(dist.values()) if len(dist) == n else -1
        """, "networkDelayTime", """
        def check(candidate):
            assert candidate(times=[[2, 1, 1], [2, 3, 1], [3, 4, 1]], n=4, k=2) == 2
            assert candidate(times=[[1, 2, 1]], n=2, k=1) == 1
            assert candidate(times=[[1, 2, 1]], n=2, k=2) == -1
        """),
    lc("s6-lcd-lowest-common-ancestor-bst-val", """
        class Solution:
            def lowestCommonAncestor(self, root: TreeNode, p: TreeNode, q: TreeNode) -> TreeNode:
                node = root
                while node:
                    if p.val < node.val and q.val < node.val:
                        node = node.left
                    elif p.val > node.val and q.val > node.val:
                        node = node.right
                    else:
                        return node
        """, "lowestCommonAncestor", """
        def check(candidate):
            root = tree_node([6, 2, 8, 0, 4, 7, 9, None, None, 3, 5])
            assert candidate(root, TreeNode(2), TreeNode(8)).val == 6
            assert candidate(root, TreeNode(2), TreeNode(4)).val == 2
            assert candidate(root=tree_node([2, 1]), p=TreeNode(2), q=TreeNode(1)).val == 2
        """),
    lc("s6-lcd-partition-equal-subset-bitset", """
        class Solution:
            def canPartition(self, nums: List[int]) -> bool:
                total = sum(nums)
                if total & 1:
                    return False
                bits = 1
                for x in nums:
                    bits |= bits << x
                return bool(bits >> (total // 2) & 1)
        """, "canPartition", """
        def check(candidate):
            assert candidate(nums=[1, 5, 11, 5]) is True
            assert candidate(nums=[1, 2, 3, 5]) is False
            assert candidate(nums=[100] * 200) is True
        """),
    lc("s6-lcd-count-bits", """
        class Solution:
            def countBits(self, n: int) -> List[int]:
                ans = [0] * (n + 1)
                for i in range(1, n + 1):
                    ans[i] = ans[i >> 1] + (i & 1)
                return ans
        """, "countBits", """
        def check(candidate):
            assert candidate(n=2) == [0, 1, 1]
            assert candidate(n=5) == [0, 1, 1, 2, 1, 2]
            assert candidate(n=100000) == [bin(i).count("1") for i in range(100001)]
        """),
    lc("s6-lcd-find-median-float-heaps-design", """
        class MedianFinder:
            def __init__(self):
                self.lo: List[int] = []
                self.hi: List[int] = []

            def addNum(self, num: int) -> None:
                heappush(self.lo, -num)
                heappush(self.hi, -heappop(self.lo))
                if len(self.hi) > len(self.lo):
                    heappush(self.lo, -heappop(self.hi))

            def findMedian(self) -> float:
                if len(self.lo) > len(self.hi):
                    return float(-self.lo[0])
                return (-self.lo[0] + self.hi[0]) / 2


        class Solution:
            def medians(self, nums: List[int]) -> List[float]:
                mf = MedianFinder()
                out = []
                for x in nums:
                    mf.addNum(x)
                    out.append(mf.findMedian())
                return out
        """, "medians", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3]) == [1.0, 1.5, 2.0]
            assert candidate(nums=[5, 15, 1, 3]) == [5.0, 10.0, 5.0, 4.0]
            out = candidate(nums=list(range(1000)))
            assert abs(out[-1] - 499.5) < 1e-9 and len(out) == 1000
        """),
    lc("s6-lcd-subsets-backtracking", """
        class Solution:
            def subsets(self, nums: List[int]) -> List[List[int]]:
                res: List[List[int]] = []
                path: List[int] = []

                def backtrack(start: int) -> None:
                    res.append(path[:])
                    for i in range(start, len(nums)):
                        path.append(nums[i])
                        backtrack(i + 1)
                        path.pop()

                backtrack(0)
                return res
        """, "subsets", """
        def check(candidate):
            assert sorted(candidate(nums=[1, 2, 3])) == sorted([[], [1], [2], [1, 2], [3], [1, 3], [2, 3], [1, 2, 3]])
            assert candidate(nums=[0]) == [[], [0]]
            assert len(candidate(nums=list(range(12)))) == 4096
        """),
    lc("s6-lcd-permutations-itertools", """
        class Solution:
            def permute(self, nums: List[int]) -> List[List[int]]:
                return [list(p) for p in permutations(nums)]
        """, "permute", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3]) == [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
            assert candidate(nums=[0, 1]) == [[0, 1], [1, 0]]
            assert candidate(nums=[1]) == [[1]]
        """),
    lc("s6-lcd-lcb-weekly-contest-style-no-prompt", """
        from typing import List


        class Solution:
            def minimumOperations(self, nums: List[int]) -> int:
                return sum(1 for x in nums if x % 3 != 0)
        """, "minimumOperations", """
        def check(candidate):
            assert candidate([1, 2, 3, 4]) == 3
            assert candidate([3, 6, 9]) == 0
        """, prompt=""),
    lc("s6-lcd-lcb-modulo-answer-no-prompt", """
        from typing import List


        class Solution:
            def countGoodStrings(self, low: int, high: int, zero: int, one: int) -> int:
                MOD = 10**9 + 7
                dp = [1] + [0] * high
                for i in range(1, high + 1):
                    if i >= zero:
                        dp[i] += dp[i - zero]
                    if i >= one:
                        dp[i] += dp[i - one]
                    dp[i] %= MOD
                return sum(dp[low:high + 1]) % MOD
        """, "countGoodStrings", """
        def check(candidate):
            assert candidate(low=3, high=3, zero=1, one=1) == 8
            assert candidate(low=2, high=3, zero=1, one=2) == 5
            assert candidate(low=1, high=100000, zero=1, one=1) == 215447031
        """, prompt=""),
    lc("s6-lcd-add-two-numbers-listnode", """
        class Solution:
            def addTwoNumbers(self, l1: Optional[ListNode], l2: Optional[ListNode]) -> Optional[ListNode]:
                dummy = cur = ListNode()
                carry = 0
                while l1 or l2 or carry:
                    s = carry + (l1.val if l1 else 0) + (l2.val if l2 else 0)
                    carry, d = divmod(s, 10)
                    cur.next = ListNode(d)
                    cur = cur.next
                    l1 = l1.next if l1 else None
                    l2 = l2.next if l2 else None
                return dummy.next
        """, "addTwoNumbers", """
        def check(candidate):
            assert is_same_list(candidate(l1=list_node([2, 4, 3]), l2=list_node([5, 6, 4])), list_node([7, 0, 8]))
            assert is_same_list(candidate(l1=list_node([9] * 7), l2=list_node([9] * 4)),
                                list_node([8, 9, 9, 9, 0, 0, 0, 1]))
        """),
    lc("s6-lcd-serialize-level-order-tree-out", """
        class Solution:
            def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
                if not root:
                    return []
                res, level = [], [root]
                while level:
                    res.append([n.val for n in level])
                    level = [c for n in level for c in (n.left, n.right) if c]
                return res
        """, "levelOrder", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == [[3], [9, 20], [15, 7]]
            assert candidate(root=tree_node([1])) == [[1]]
            assert candidate(root=tree_node([])) == []
        """),
    la("s6-lcd-asserts-valid-anagram", """
        class Solution:
            def isAnagram(self, s: str, t: str) -> bool:
                return sorted(s) == sorted(t)
        """, ["assert Solution().isAnagram('anagram', 'nagaram') == True",
              "assert Solution().isAnagram('rat', 'car') == False",
              "assert Solution().isAnagram(s='a', t='a')"]),
    la("s6-lcd-asserts-climb-stairs", """
        class Solution:
            def climbStairs(self, n: int) -> int:
                a, b = 1, 1
                for _ in range(n):
                    a, b = b, a + b
                return a
        """, ["assert Solution().climbStairs(2) == 2", "assert Solution().climbStairs(3) == 3",
              "assert Solution().climbStairs(45) == 1836311903"]),
    la("s6-lcd-asserts-design-lru-dict", """
        class LRUCache:
            def __init__(self, capacity: int):
                self.cap = capacity
                self.d = {}

            def get(self, key: int) -> int:
                if key not in self.d:
                    return -1
                self.d[key] = self.d.pop(key)
                return self.d[key]

            def put(self, key: int, value: int) -> None:
                self.d.pop(key, None)
                self.d[key] = value
                if len(self.d) > self.cap:
                    del self.d[next(iter(self.d))]
        """, ["""
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
    la("s6-lcd-asserts-design-ops-list-driver", """
        class MyQueue:
            def __init__(self):
                self.inp, self.out = [], []

            def push(self, x: int) -> None:
                self.inp.append(x)

            def _move(self) -> None:
                if not self.out:
                    while self.inp:
                        self.out.append(self.inp.pop())

            def pop(self) -> int:
                self._move()
                return self.out.pop()

            def peek(self) -> int:
                self._move()
                return self.out[-1]

            def empty(self) -> bool:
                return not self.inp and not self.out
        """, ["""
              ops = ["MyQueue", "push", "push", "peek", "pop", "empty"]
              args = [[], [1], [2], [], [], []]
              expected = [None, None, None, 1, 1, False]
              obj = None
              out = []
              for op, a in zip(ops, args):
                  if op == "MyQueue":
                      obj = MyQueue(*a)
                      out.append(None)
                  else:
                      out.append(getattr(obj, op)(*a))
              assert out == expected, out
              """]),
    la("s6-lcd-asserts-trie-startswith", """
        class Trie:
            def __init__(self):
                self.root = {}

            def insert(self, word: str) -> None:
                node = self.root
                for ch in word:
                    node = node.setdefault(ch, {})
                node["$"] = True

            def _walk(self, s: str):
                node = self.root
                for ch in s:
                    if ch not in node:
                        return None
                    node = node[ch]
                return node

            def search(self, word: str) -> bool:
                node = self._walk(word)
                return node is not None and "$" in node

            def startsWith(self, prefix: str) -> bool:
                return self._walk(prefix) is not None
        """, ["t = Trie(); t.insert('apple'); assert t.search('apple'); assert not t.search('app')",
              "t = Trie(); t.insert('apple'); assert t.startsWith('app'); t.insert('app'); assert t.search('app')"]),
    la("s6-lcd-asserts-big-two-sum-sorted", """
        from typing import List


        class Solution:
            def twoSum(self, numbers: List[int], target: int) -> List[int]:
                l, r = 0, len(numbers) - 1
                while l < r:
                    s = numbers[l] + numbers[r]
                    if s == target:
                        return [l + 1, r + 1]
                    if s < target:
                        l += 1
                    else:
                        r -= 1
                return []
        """, ["assert Solution().twoSum([2, 7, 11, 15], 9) == [1, 2]",
              "assert Solution().twoSum([-1, 0], -1) == [1, 2]",
              "assert Solution().twoSum(list(range(0, 60000, 2)), 59996 + 59998) == [29999, 30000]"]),
]

_HE_BIG = _ints(50_000, -1000, 1000)

HUMANEVAL: list[Case] = [
    humaneval("s6-he-below-zero-plus", r"""
        from typing import List


        def below_zero(operations: List[int]) -> bool:
            balance = 0
            for op in operations:
                balance += op
                if balance < 0:
                    return True
            return False
        """, r"""
        METADATA = {'author': 'jt', 'dataset': 'test'}


        def check(candidate):
            assert candidate([]) == False
            assert candidate([1, 2, -3, 1, 2, -3]) == False
            assert candidate([1, 2, -4, 5, 6]) == True
            assert candidate([1, -1, 2, -2, 5, -5, 4, -4]) == False
            assert candidate([1, -1, 2, -2, 5, -5, 4, -5]) == True
            assert candidate([1, -2, 2, -2, 5, -5, 4, -4]) == True
            assert candidate([10**18, -10**18, -1]) == True
            assert candidate([1] * 100000 + [-100000]) == False
        """, "below_zero"),
    humaneval("s6-he-rolling-max-body", r"""
        result = []
        running = None
        for n in numbers:
            running = n if running is None else max(running, n)
            result.append(running)
        return result
        """, r"""
        def check(candidate):
            assert candidate([]) == []
            assert candidate([1, 2, 3, 4]) == [1, 2, 3, 4]
            assert candidate([4, 3, 2, 1]) == [4, 4, 4, 4]
            assert candidate([3, 2, 3, 100, 3]) == [3, 3, 3, 100, 100]
        """, "rolling_max", prompt=r"""
        from typing import List, Tuple


        def rolling_max(numbers: List[int]) -> List[int]:
            ''' From a given list of integers, generate a list of rolling maximum element found until given moment
            in the sequence.
            >>> rolling_max([1, 2, 3, 2, 3, 4, 2])
            [1, 2, 3, 3, 3, 4, 4]
            '''
        """, body=True),
    humaneval("s6-he-make-palindrome", r"""
        def is_palindrome(string: str) -> bool:
            return string == string[::-1]


        def make_palindrome(string: str) -> str:
            '''Find the shortest palindrome that begins with a supplied string.'''
            if not string:
                return ""
            for i in range(len(string)):
                if is_palindrome(string[i:]):
                    return string + string[:i][::-1]
            return string
        """, r"""
        def check(candidate):
            assert candidate('') == ''
            assert candidate('x') == 'x'
            assert candidate('xyz') == 'xyzyx'
            assert candidate('xyx') == 'xyx'
            assert candidate('jerry') == 'jerryrrej'
        """, "make_palindrome"),
    humaneval("s6-he-parse-nested-parens", r"""
        from typing import List


        def parse_nested_parens(paren_string: str) -> List[int]:
            def depth(group: str) -> int:
                cur = best = 0
                for ch in group:
                    if ch == "(":
                        cur += 1
                        best = max(best, cur)
                    else:
                        cur -= 1
                return best

            return [depth(g) for g in paren_string.split(" ") if g]
        """, r"""
        def check(candidate):
            assert candidate('(()()) ((())) () ((())()())') == [2, 3, 1, 3]
            assert candidate('() (()) ((())) (((())))') == [1, 2, 3, 4]
            assert candidate('(()(())((())))') == [4]
        """, "parse_nested_parens"),
    humaneval("s6-he-mean-absolute-deviation-tolerance", r"""
        from typing import List


        def mean_absolute_deviation(numbers: List[float]) -> float:
            mean = sum(numbers) / len(numbers)
            return sum(abs(x - mean) for x in numbers) / len(numbers)
        """, r"""
        def check(candidate):
            assert abs(candidate([1.0, 2.0, 3.0]) - 2.0 / 3.0) < 1e-6
            assert abs(candidate([1.0, 2.0, 3.0, 4.0]) - 1.0) < 1e-6
            assert abs(candidate([1.0, 2.0, 3.0, 4.0, 5.0]) - 6.0 / 5.0) < 1e-6
            assert abs(candidate([0.1] * 10000) - 0.0) < 1e-6
        """, "mean_absolute_deviation"),
    humaneval("s6-he-poly-find-zero-isclose", r"""
        import math


        def poly(xs: list, x: float):
            return sum(coeff * math.pow(x, i) for i, coeff in enumerate(xs))


        def find_zero(xs: list):
            lo, hi = -1.0, 1.0
            while poly(xs, lo) * poly(xs, hi) > 0:
                lo *= 2.0
                hi *= 2.0
            while hi - lo > 1e-10:
                mid = (lo + hi) / 2.0
                if poly(xs, mid) * poly(xs, lo) > 0:
                    lo = mid
                else:
                    hi = mid
            return lo
        """, r"""
        def check(candidate):
            import math
            import random
            rng = random.Random(42)
            import copy
            for _ in range(100):
                ncoeff = 2 * rng.randint(1, 4)
                coeffs = []
                for _ in range(ncoeff):
                    coeff = rng.randint(-10, 10)
                    if coeff == 0:
                        coeff = 1
                    coeffs.append(coeff)
                solution = candidate(copy.deepcopy(coeffs))
                assert math.fabs(poly(coeffs, solution)) < 1e-4
        """, "find_zero"),
    humaneval("s6-he-sort-third-plus", r"""
        def sort_third(l: list):
            l = list(l)
            l[::3] = sorted(l[::3])
            return l
        """, r"""
        def check(candidate):
            assert tuple(candidate([1, 2, 3])) == tuple(sort_third([1, 2, 3]))
            assert tuple(candidate([5, 6, 3, 4, 8, 9, 2])) == tuple([2, 6, 3, 4, 8, 9, 5])
            assert tuple(candidate([5, 8, 3, 4, 6, 9, 2])) == tuple([2, 8, 3, 4, 6, 9, 5])
            assert tuple(candidate([5, 6, 9, 4, 8, 3, 2])) == tuple([2, 6, 9, 4, 8, 3, 5])
            assert tuple(candidate([5, 6, 3, 4, 8, 9, 2, 1])) == tuple([2, 6, 3, 4, 8, 9, 5, 1])
        """, "sort_third"),
    humaneval("s6-he-fizz-buzz-count-sevens", r"""
        def fizz_buzz(n: int):
            return sum(str(i).count("7") for i in range(n) if i % 11 == 0 or i % 13 == 0)
        """, r"""
        def check(candidate):
            assert candidate(50) == 0
            assert candidate(78) == 2
            assert candidate(79) == 3
            assert candidate(100) == 3
            assert candidate(200) == 6
            assert candidate(4000) == 192
            assert candidate(10000) == 639
            assert candidate(100000) == 8026
        """, "fizz_buzz"),
    humaneval("s6-he-prime-fib", r"""
        def prime_fib(n: int):
            def is_prime(p):
                if p < 2:
                    return False
                i = 2
                while i * i <= p:
                    if p % i == 0:
                        return False
                    i += 1
                return True

            a, b = 0, 1
            while True:
                a, b = b, a + b
                if is_prime(a):
                    n -= 1
                    if n == 0:
                        return a
        """, r"""
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
        """, "prime_fib"),
    humaneval("s6-he-triangle-area-round", r"""
        def triangle_area(a, b, c):
            if a + b <= c or a + c <= b or b + c <= a:
                return -1
            s = (a + b + c) / 2
            return round((s * (s - a) * (s - b) * (s - c)) ** 0.5, 2)
        """, r"""
        def check(candidate):
            assert candidate(3, 4, 5) == 6.00, "This prints if this assert fails 1 (good for debugging!)"
            assert candidate(1, 2, 10) == -1
            assert candidate(4, 8, 5) == 8.18
            assert candidate(2, 2, 2) == 1.73
            assert candidate(1, 2, 3) == -1
            assert candidate(10, 5, 7) == 16.25
            assert candidate(1, 1, 1) == 0.43, "This prints if this assert fails 2 (also good for debugging!)"
        """, "triangle_area"),
    humaneval("s6-he-median-plus-floats", r"""
        def median(l: list):
            s = sorted(l)
            n = len(s)
            mid = n // 2
            return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2.0
        """, r"""
        def check(candidate):
            assert candidate([3, 1, 2, 4, 5]) == 3
            assert candidate([-10, 4, 6, 1000, 10, 20]) == 8.0
            assert candidate([5]) == 5
            assert candidate([6, 5]) == 5.5
            assert candidate([8, 1, 3, 9, 9, 2, 7]) == 7
            assert abs(candidate([0.1, 0.2, 0.3, 0.4]) - 0.25) < 1e-9
        """, "median"),
    humaneval("s6-he-fib4-iterative", r"""
        def fib4(n: int):
            a, b, c, d = 0, 0, 2, 0
            if n < 4:
                return (a, b, c, d)[n]
            for _ in range(n - 3):
                a, b, c, d = b, c, d, a + b + c + d
            return d
        """, r"""
        def check(candidate):
            assert candidate(5) == 4
            assert candidate(8) == 28
            assert candidate(10) == 104
            assert candidate(12) == 386
            assert candidate(0) == 0
            assert candidate(2) == 2
        """, "fib4"),
    humaneval("s6-he-largest-prime-factor", r"""
        def largest_prime_factor(n: int):
            largest = 1
            f = 2
            while f * f <= n:
                while n % f == 0:
                    largest = f
                    n //= f
                f += 1
            return max(largest, n) if n > 1 else largest
        """, r"""
        def check(candidate):
            assert candidate(15) == 5
            assert candidate(27) == 3
            assert candidate(63) == 7
            assert candidate(330) == 11
            assert candidate(13195) == 29
            assert candidate(600851475143) == 6857
        """, "largest_prime_factor"),
    humaneval("s6-he-derivative-list", r"""
        def derivative(xs: list):
            return [i * x for i, x in enumerate(xs)][1:]
        """, r"""
        def check(candidate):
            assert candidate([3, 1, 2, 4, 5]) == [1, 4, 12, 20]
            assert candidate([1, 2, 3]) == [2, 6]
            assert candidate([3, 2, 1]) == [2, 2]
            assert candidate([3, 2, 1, 0, 4]) == [2, 2, 0, 16]
            assert candidate([1]) == []
        """, "derivative"),
    humaneval("s6-he-circular-shift-string", r"""
        def circular_shift(x, shift):
            s = str(x)
            if shift > len(s):
                return s[::-1]
            return s[len(s) - shift:] + s[:len(s) - shift]
        """, r"""
        def check(candidate):
            assert candidate(100, 2) == "001"
            assert candidate(12, 2) == "12"
            assert candidate(97, 8) == "79"
            assert candidate(12, 1) == "21", "This prints if this assert fails 1 (good for debugging!)"
            assert candidate(11, 101) == "11", "This prints if this assert fails 2 (also good for debugging!)"
        """, "circular_shift"),
    humaneval("s6-he-search-frequency-ge-value", r"""
        from collections import Counter


        def search(lst):
            freq = Counter(lst)
            best = -1
            for v, c in freq.items():
                if c >= v and v > best:
                    best = v
            return best
        """, r"""
        def check(candidate):
            assert candidate([5, 5, 5, 5, 1]) == 1
            assert candidate([4, 1, 4, 1, 4, 4]) == 4
            assert candidate([3, 3]) == -1
            assert candidate([8, 8, 8, 8, 8, 8, 8, 8]) == 8
            assert candidate([2, 3, 3, 2, 2]) == 2
            assert candidate([1]) == 1
            assert candidate([10]) == -1
        """, "search"),
    humaneval("s6-he-strange-sort-list", r"""
        def strange_sort_list(lst):
            s = sorted(lst)
            out = []
            lo, hi = 0, len(s) - 1
            take_low = True
            while lo <= hi:
                if take_low:
                    out.append(s[lo])
                    lo += 1
                else:
                    out.append(s[hi])
                    hi -= 1
                take_low = not take_low
            return out
        """, r"""
        def check(candidate):
            assert candidate([1, 2, 3, 4]) == [1, 4, 2, 3]
            assert candidate([5, 6, 7, 8, 9]) == [5, 9, 6, 8, 7]
            assert candidate([5, 5, 5, 5]) == [5, 5, 5, 5]
            assert candidate([]) == []
            assert candidate([111111]) == [111111]
            assert True
        """, "strange_sort_list"),
    humaneval("s6-he-is-multiply-prime", r"""
        def is_multiply_prime(a):
            count = 0
            p = 2
            while p * p <= a:
                while a % p == 0:
                    a //= p
                    count += 1
                p += 1
            if a > 1:
                count += 1
            return count == 3
        """, r"""
        def check(candidate):
            assert candidate(5) == False
            assert candidate(30) == True
            assert candidate(8) == True
            assert candidate(10) == False
            assert candidate(125) == True
            assert candidate(3 * 5 * 7) == True
            assert candidate(3 * 6 * 7) == False
            assert candidate(9 * 9 * 9) == False
            assert candidate(11 * 9 * 9) == False
            assert candidate(11 * 13 * 7) == True
        """, "is_multiply_prime"),
    humaneval("s6-he-numerical-letter-grade", r"""
        def numerical_letter_grade(grades):
            table = [(4.0, "A+"), (3.7, "A"), (3.3, "A-"), (3.0, "B+"), (2.7, "B"), (2.3, "B-"), (2.0, "C+"),
                     (1.7, "C"), (1.3, "C-"), (1.0, "D+"), (0.7, "D"), (0.0, "D-")]
            out = []
            for g in grades:
                if g == 4.0:
                    out.append("A+")
                    continue
                for bound, letter in table[1:]:
                    if g > bound:
                        out.append(letter)
                        break
                else:
                    out.append("E")
            return out
        """, r"""
        def check(candidate):
            assert candidate([4.0, 3, 1.7, 2, 3.5]) == ['A+', 'B', 'C-', 'C', 'A-']
            assert candidate([1.2]) == ['D+']
            assert candidate([0.5]) == ['D-']
            assert candidate([0.0]) == ['E']
            assert candidate([1, 0.3, 1.5, 2.8, 3.3]) == ['D', 'D-', 'C-', 'B', 'B+']
            assert candidate([0, 0.7]) == ['E', 'D-']
        """, "numerical_letter_grade"),
    humaneval("s6-he-sum-squares-ceil", r"""
        import math


        def sum_squares(lst):
            return sum(math.ceil(x) ** 2 for x in lst)
        """, r"""
        def check(candidate):
            assert candidate([1, 2, 3]) == 14
            assert candidate([1.0, 2, 3]) == 14
            assert candidate([1, 3, 5, 7]) == 84
            assert candidate([1.4, 4.2, 0]) == 29
            assert candidate([-2.4, 1, 1]) == 6
            assert candidate([100, 1, 15, 2]) == 10230
            assert candidate([10000, 10000]) == 200000000
            assert candidate([-1.4, 4.6, 6.3]) == 75
            assert candidate([0]) == 0
            assert candidate([-1]) == 1
        """, "sum_squares"),
    humaneval("s6-he-do-algebra-eval", r"""
        def do_algebra(operator, operand):
            expression = str(operand[0])
            for op, val in zip(operator, operand[1:]):
                expression += f" {op} {val}"
            return eval(expression)
        """, r"""
        def check(candidate):
            assert candidate(['**', '*', '+'], [2, 3, 4, 5]) == 37
            assert candidate(['+', '*', '-'], [2, 3, 4, 5]) == 9
            assert candidate(['//', '*'], [7, 3, 4]) == 8
        """, "do_algebra"),
    humaneval("s6-he-tri-sequence", r"""
        def tri(n):
            if n == 0:
                return [1]
            seq = [1, 3]
            for i in range(2, n + 1):
                if i % 2 == 0:
                    seq.append(i / 2 + 1)
                else:
                    seq.append(seq[i - 1] + seq[i - 2] + (i + 3) / 2)
            return seq
        """, r"""
        def check(candidate):
            assert candidate(3) == [1, 3, 2.0, 8.0]
            assert candidate(4) == [1, 3, 2.0, 8.0, 3.0]
            assert candidate(5) == [1, 3, 2.0, 8.0, 3.0, 15.0]
            assert candidate(20) == [1, 3, 2.0, 8.0, 3.0, 15.0, 4.0, 24.0, 5.0, 35.0, 6.0, 48.0, 7.0, 63.0, 8.0,
                                     80.0, 9.0, 99.0, 10.0, 120.0, 11.0]
            assert candidate(0) == [1]
            assert candidate(1) == [1, 3]
        """, "tri"),
    humaneval("s6-he-plus-big-input-sum-positive", r"""
        def sum_positive(nums):
            '''Sum of the strictly positive numbers.'''
            return sum(x for x in nums if x > 0)
        """, rf"""
        def check(candidate):
            inputs = [[], [-1, -2], [1, -1, 2], {_HE_BIG!r}]
            results = [0, 0, 3, {sum(x for x in _HE_BIG if x > 0)}]
            for inp, exp in zip(inputs, results):
                assert candidate(inp) == exp
        """, "sum_positive"),
    humaneval("s6-he-evalplus-assertion-helper", r"""
        def harmonic(n: int) -> float:
            return sum(1.0 / k for k in range(1, n + 1))
        """, r"""
        import numpy as np


        def is_floats(x) -> bool:
            if isinstance(x, float):
                return True
            if isinstance(x, (list, tuple)):
                return all(isinstance(i, float) for i in x)
            if isinstance(x, np.ndarray):
                return x.dtype == np.float64 or x.dtype == np.float32
            return False


        def assertion(out, exp, atol):
            exact_match = out == exp
            if atol == 0 and is_floats(exp):
                atol = 1e-6
            if not exact_match and atol != 0:
                np.testing.assert_allclose(out, exp, rtol=1e-07, atol=atol)
            else:
                assert exact_match


        def check(candidate):
            inputs = [[1], [2], [10], [100000]]
            results = [1.0, 1.5, 2.9289682539682538, 12.090146129863335]
            for i, (inp, exp) in enumerate(zip(inputs, results)):
                assertion(candidate(*inp), exp, 0)
        """, "harmonic"),
    humaneval("s6-he-math-isclose-compound-interest", r"""
        def compound(principal: float, rate: float, years: int, per_year: int = 12) -> float:
            return principal * (1 + rate / per_year) ** (years * per_year)
        """, r"""
        import math


        def check(candidate):
            assert math.isclose(candidate(1000, 0.05, 10), 1647.0094976902801, rel_tol=1e-9)
            assert math.isclose(candidate(1000, 0.05, 10, per_year=1), 1628.894626777442)
            assert math.isclose(candidate(0, 0.1, 5), 0.0, abs_tol=1e-12)
            assert candidate(1, 0, 100) == 1.0
        """, "compound"),
    humaneval("s6-he-separate-words-counter", r"""
        import re
        from collections import Counter


        def word_histogram(text: str) -> dict:
            '''Most frequent lowercase words with their counts; ties all returned.'''
            words = re.findall(r"[a-z]+", text.lower())
            if not words:
                return {}
            c = Counter(words)
            top = max(c.values())
            return {w: n for w, n in c.items() if n == top}
        """, r"""
        def check(candidate):
            assert candidate("a b c a b") == {"a": 2, "b": 2}
            assert candidate("The the THE cat") == {"the": 3}
            assert candidate("") == {}
            assert candidate("x, y; z!") == {"x": 1, "y": 1, "z": 1}
        """, "word_histogram"),
    humaneval("s6-he-bigint-digits-sum-factorial", r"""
        from math import factorial


        def digit_sum_factorial(n: int) -> int:
            return sum(map(int, str(factorial(n))))
        """, r"""
        def check(candidate):
            assert candidate(0) == 1
            assert candidate(10) == 27
            assert candidate(100) == 648
            assert candidate(1000) == 10539
        """, "digit_sum_factorial"),
    humaneval("s6-he-is-sorted-no-dup-over-two", r"""
        from collections import Counter


        def is_sorted(lst):
            if any(c > 2 for c in Counter(lst).values()):
                return False
            return all(a <= b for a, b in zip(lst, lst[1:]))
        """, r"""
        def check(candidate):
            assert candidate([5]) == True
            assert candidate([1, 2, 3, 4, 5]) == True
            assert candidate([1, 3, 2, 4, 5]) == False
            assert candidate([1, 2, 3, 4, 5, 6, 7]) == True
            assert candidate([]) == True, "This prints if this assert fails 2 (good for debugging!)"
            assert candidate([1, 2, 2, 2, 3, 4]) == False, "This prints if this assert fails 5 (good for debugging!)"
            assert candidate([1, 2, 2, 3, 3, 4]) == True, "This prints if this assert fails 7 (good for debugging!)"
            assert candidate(list(range(100000))) == True
        """, "is_sorted"),
    humaneval("s6-he-closest-integer-rounding", r"""
        import math


        def closest_integer(value: str) -> int:
            num = float(value)
            if num >= 0:
                return int(math.floor(num + 0.5))
            return int(math.ceil(num - 0.5))
        """, r"""
        def check(candidate):
            assert candidate("10") == 10, "Test 1"
            assert candidate("14.5") == 15, "Test 2"
            assert candidate("-15.5") == -16, "Test 3"
            assert candidate("15.3") == 15, "Test 3"
            assert candidate("0") == 0, "Test 0"
        """, "closest_integer"),
    humaneval("s6-he-generate-integers-even-digits", r"""
        def generate_integers(a, b):
            lo, hi = min(a, b), max(a, b)
            return [d for d in range(max(2, lo), min(8, hi) + 1) if d % 2 == 0]
        """, r"""
        def check(candidate):
            assert candidate(2, 10) == [2, 4, 6, 8], "Test 1"
            assert candidate(10, 2) == [2, 4, 6, 8], "Test 2"
            assert candidate(132, 2) == [2, 4, 6, 8], "Test 3"
            assert candidate(17, 89) == [], "Test 4"
        """, "generate_integers"),
    humaneval("s6-he-typed-dataclass-result", r"""
        from dataclasses import dataclass
        from typing import List


        @dataclass
        class Stats:
            count: int
            mean: float
            maximum: int


        def summarize(xs: List[int]) -> Stats:
            return Stats(len(xs), sum(xs) / len(xs), max(xs))
        """, r"""
        def check(candidate):
            s = candidate([1, 2, 3, 6])
            assert s.count == 4
            assert abs(s.mean - 3.0) < 1e-9
            assert s.maximum == 6
        """, "summarize"),
    humaneval("s6-he-anti-shuffle-words", r"""
        def anti_shuffle(s):
            return " ".join("".join(sorted(w)) for w in s.split(" "))
        """, r"""
        def check(candidate):
            assert candidate('Hi') == 'Hi'
            assert candidate('hello') == 'ehllo'
            assert candidate('number') == 'bemnru'
            assert candidate('abcd') == 'abcd'
            assert candidate('Hello World!!!') == 'Hello !!!Wdlor'
            assert candidate('') == ''
            assert candidate('Hi. My name is Mister Robot. How are you?') == '.Hi My aemn is Meirst .Rboot How aer ?ouy'
        """, "anti_shuffle"),
    humaneval("s6-he-get-row-coordinates", r"""
        def get_row(lst, x):
            coords = [(i, j) for i, row in enumerate(lst) for j, v in enumerate(row) if v == x]
            return sorted(coords, key=lambda p: (p[0], -p[1]))
        """, r"""
        def check(candidate):
            assert candidate([[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 1, 6], [1, 2, 3, 4, 5, 1]], 1) == [
                (0, 0), (1, 4), (1, 0), (2, 5), (2, 0)]
            assert candidate([], 1) == []
            assert candidate([[1]], 2) == []
            assert candidate([[], [1], [1, 2, 3]], 3) == [(2, 2)]
        """, "get_row"),
]

MBPP: list[Case] = [
    asserts("s6-mbpp-first-repeated-char", """
        def first_repeated_char(str1):
            seen = set()
            for c in str1:
                if c in seen:
                    return c
                seen.add(c)
            return None
        """, ['assert first_repeated_char("abcabc") == "a"', 'assert first_repeated_char("abc") == None',
              'assert first_repeated_char("123123") == "1"']),
    asserts("s6-mbpp-remove-odd-list", """
        def remove_odd(l):
            return [x for x in l if x % 2 == 0]
        """, ["assert remove_odd([1,2,3]) == [2]", "assert remove_odd([2,4,6]) == [2,4,6]",
              "assert remove_odd([10,20,3]) == [10,20]"]),
    asserts("s6-mbpp-find-max-tuple-records", """
        def find_max(test_list):
            res = max(int(j) for i in test_list for j in i)
            return (res)
        """, ["assert find_max([(2, 4), (6, 7), (5, 1), (6, 10), (8, 7)]) == 10",
              "assert find_max([(3, 5), (7, 8), (6, 2), (7, 11), (9, 8)]) == 11",
              "assert find_max([(4, 6), (8, 9), (7, 3), (8, 12), (10, 9)]) == 12"]),
    asserts("s6-mbpp-lateral-surface-cube", """
        def lateralsurface_cube(l):
            return 4 * l * l
        """, ["assert lateralsurface_cube(5)==100", "assert lateralsurface_cube(9)==324",
              "assert lateralsurface_cube(10)==400"]),
    asserts("s6-mbpp-plus-volume-sphere-isclose", """
        import math


        def volume_sphere(r):
            return (4 / 3) * math.pi * r ** 3
        """, ["assert math.isclose(volume_sphere(10), 4188.790204786391, rel_tol=0.001)",
              "assert math.isclose(volume_sphere(25), 65449.84694978735, rel_tol=0.001)",
              "assert math.isclose(volume_sphere(20), 33510.32163829113, rel_tol=0.001)"]),
    asserts("s6-mbpp-count-char-position", """
        def count_char_position(str1):
            return sum(1 for i, ch in enumerate(str1.lower()) if ord(ch) - ord('a') == i)
        """, ['assert count_char_position("xbcefg") == 2', 'assert count_char_position("ABcED") == 3',
              'assert count_char_position("AbgdeF") == 5']),
    asserts("s6-mbpp-tuple-intersection-sorted-pairs", """
        def tuple_intersection(test_list1, test_list2):
            res = set([tuple(sorted(ele)) for ele in test_list1]) & set([tuple(sorted(ele)) for ele in test_list2])
            return (res)
        """, ["assert tuple_intersection([(3, 4), (5, 6), (9, 10), (4, 5)] , [(5, 4), (3, 4), (6, 5), (9, 11)]) == "
              "{(4, 5), (3, 4), (5, 6)}",
              "assert tuple_intersection([(4, 1), (7, 4), (11, 13), (17, 14)] , [(1, 4), (7, 4), (16, 12), "
              "(10, 13)]) == {(4, 7), (1, 4)}"]),
    asserts("s6-mbpp-sum-digits-recursive", """
        def sum_digits(n):
            if n == 0:
                return 0
            return n % 10 + sum_digits(n // 10)
        """, ["assert sum_digits(345)==12", "assert sum_digits(12)==3", "assert sum_digits(97)==16"]),
    asserts("s6-mbpp-check-k-elements-setup", """
        def check_k_elements(test_list, K):
            return all(ele == K for tup in test_list for ele in tup)
        """, ["assert check_k_elements(data1, 4) == True", "assert check_k_elements(data2, 7) == True",
              "assert check_k_elements(data3, 7) == False"],
            setup="""
            data1 = [(4, 4), (4, 4, 4), (4, 4), (4, 4, 4, 4), (4, )]
            data2 = [(7, 7, 7), (7, 7)]
            data3 = [(9, 9), (9, 9, 9, 9)]
            """),
    asserts("s6-mbpp-list-split-every-nth", """
        def list_split(S, step):
            return [S[i::step] for i in range(step)]
        """, ["assert list_split(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'],3)=="
              "[['a', 'd', 'g', 'j', 'm'], ['b', 'e', 'h', 'k', 'n'], ['c', 'f', 'i', 'l']]",
              "assert list_split([1,2,3,4,5,6,7,8,9,10,11,12,13,14],3)==[[1,4,7,10,13], [2,5,8,11,14], [3,6,9,12]]"]),
    asserts("s6-mbpp-max-product-pairs-plus-big", """
        def max_product_tuple(list1):
            return max(abs(x * y) for x, y in list1)
        """, ["assert max_product_tuple([(2, 7), (2, 6), (1, 8), (4, 9)] )==36",
              "assert max_product_tuple([(10,20), (15,2), (5,10)] )==200",
              "assert max_product_tuple([(i, -i) for i in range(100000)]) == 99999 ** 2"]),
    asserts("s6-mbpp-text-match-wordz-regex", """
        import re


        def text_match_wordz(text):
            return bool(re.search(r'\\w*z\\w*', text))
        """, ['assert text_match_wordz("pythonz.")==True', 'assert text_match_wordz("xyz.")==True',
              'assert text_match_wordz("  lang  .")==False']),
    asserts("s6-mbpp-kth-element-one-based", """
        def kth_element(arr, k):
            return arr[k - 1]
        """, ["assert kth_element([12,3,5,7,19], 2) == 3", "assert kth_element([17,24,8,23], 3) == 8",
              "assert kth_element([16,21,25,36,4], 4) == 36"]),
    asserts("s6-mbpp-snake-to-camel", """
        def snake_to_camel(word):
            return ''.join(x.capitalize() or '_' for x in word.split('_'))
        """, ["assert snake_to_camel('python_program')=='PythonProgram'",
              "assert snake_to_camel('python_language')==('PythonLanguage')",
              "assert snake_to_camel('programming_language')==('ProgrammingLanguage')"]),
    asserts("s6-mbpp-heap-sort-heapq", """
        import heapq as hq


        def heap_sort(iterable):
            h = []
            for value in iterable:
                hq.heappush(h, value)
            return [hq.heappop(h) for i in range(len(h))]
        """, ["assert heap_sort([1, 3, 5, 7, 9, 2, 4, 6, 8, 0])==[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]",
              "assert heap_sort([25, 35, 22, 85, 14, 65, 75, 25, 58])==[14, 22, 25, 25, 35, 58, 65, 75, 85]",
              "assert heap_sort( [7, 1, 9, 5])==[1,5,7,9]"]),
    asserts("s6-mbpp-newman-prime-recursive-memo", """
        from functools import lru_cache


        @lru_cache(maxsize=None)
        def newman_prime(n):
            if n == 0 or n == 1:
                return 1
            return 2 * newman_prime(n - 1) + newman_prime(n - 2)
        """, ["assert newman_prime(3) == 7", "assert newman_prime(4) == 17", "assert newman_prime(5) == 41",
              "assert newman_prime(300) % 1000 == 1"]),
    asserts("s6-mbpp-division-elements-tuples", """
        def division_elements(test_tup1, test_tup2):
            res = tuple(ele1 // ele2 for ele1, ele2 in zip(test_tup1, test_tup2))
            return (res)
        """, ["assert division_elements((10, 4, 6, 9),(5, 2, 3, 3)) == (2, 2, 2, 3)",
              "assert division_elements((12, 6, 8, 16),(6, 3, 4, 4)) == (2, 2, 2, 4)",
              "assert division_elements((20, 14, 36, 18),(5, 7, 6, 9)) == (4, 2, 6, 2)"]),
    asserts("s6-mbpp-dog-age-floats", """
        def dog_age(h_age):
            if h_age < 0:
                exit()
            elif h_age <= 2:
                d_age = h_age * 10.5
            else:
                d_age = 21 + (h_age - 2) * 4
            return d_age
        """, ["assert dog_age(12)==61", "assert dog_age(15)==73", "assert dog_age(24)==109",
              "assert dog_age(1.5)==15.75"]),
    asserts("s6-mbpp-count-occurrence-tuple-list", """
        from collections import Counter


        def count_Occurrence(tup, lst):
            c = Counter(tup)
            return sum(c[x] for x in lst)
        """, ["assert count_Occurrence(('a', 'a', 'c', 'b', 'd'),['a', 'b'] ) == 3",
              "assert count_Occurrence((1, 2, 3, 1, 4, 6, 7, 1, 4),[1, 4, 7]) == 6",
              "assert count_Occurrence((1,2,3,4,5,6),[1,2]) == 2"]),
    asserts("s6-mbpp-string-to-list-split", """
        def string_to_list(string):
            return string.split(" ")
        """, ["assert string_to_list(\"python programming\")==['python','programming']",
              "assert string_to_list(\"lists tuples strings\")==['lists','tuples','strings']",
              "assert string_to_list(\"write a program\")==['write','a','program']"]),
    asserts("s6-mbpp-sort-sublists-lambda", """
        def sort_sublists(input_list):
            return [sorted(x, key=lambda x: x[0]) for x in input_list]
        """, ["assert sort_sublists(([\"green\", \"orange\"], [\"black\", \"white\"], [\"white\", \"black\", "
              "\"orange\"]))==[['green', 'orange'], ['black', 'white'], ['black', 'orange', 'white']]",
              "assert sort_sublists(([\"zilver\",\"gold\"], [\"magnesium\",\"aluminium\"]))=="
              "[['gold', 'zilver'],['aluminium', 'magnesium']]"]),
    asserts("s6-mbpp-plus-is-upper-isclose-mixed", """
        def average_tuple(nums):
            return [sum(x) / len(x) for x in zip(*nums)]
        """, ["assert average_tuple(((10, 10, 10, 12), (30, 45, 56, 45), (81, 80, 39, 32), (1, 2, 3, 4)))=="
              "[30.5, 34.25, 27.0, 23.25]",
              "assert all(abs(a - b) < 1e-9 for a, b in zip(average_tuple(((1, 1, -5), (30, -15, 56), "
              "(81, -60, -39), (-10, 2, 3))), [25.5, -18.0, 3.75]))"]),
    asserts("s6-mbpp-binary-search-found", """
        def binary_search(item_list, item):
            first, last = 0, len(item_list) - 1
            while first <= last:
                mid = (first + last) // 2
                if item_list[mid] == item:
                    return True
                if item < item_list[mid]:
                    last = mid - 1
                else:
                    first = mid + 1
            return False
        """, ["assert binary_search([1,2,3,5,8], 6) == False", "assert binary_search([7, 8, 9, 10, 13], 10) == True",
              "assert binary_search([11, 13, 14, 19, 22, 36], 23) == False",
              "assert binary_search(list(range(0, 10**6, 3)), 999999) == True"]),
    asserts("s6-mbpp-max-run-uppercase", """
        def max_run_uppercase(test_str):
            cnt = 0
            res = 0
            for idx in range(0, len(test_str)):
                if test_str[idx].isupper():
                    cnt += 1
                else:
                    res = max(res, cnt)
                    cnt = 0
            return max(res, cnt)
        """, ["assert max_run_uppercase('GeMKSForGERksISBESt') == 5",
              "assert max_run_uppercase('PrECIOusMOVemENTSYT') == 6",
              "assert max_run_uppercase('GooGLEFluTTER') == 4"]),
    asserts("s6-mbpp-find-char-long-regex", """
        import re


        def find_char_long(text):
            return re.findall(r"\\b\\w{4,}\\b", text)
        """, ["assert set(find_char_long('Please move back to stream')) == set(['Please', 'move', 'back', 'stream'])",
              "assert set(find_char_long('Jing Eco and Tech')) == set(['Jing', 'Tech'])",
              "assert set(find_char_long('Jhingai wulu road Zone 3')) == set(['Jhingai', 'wulu', 'road', 'Zone'])"]),
]

# --- near the datasets' limits: 2*10^5 numbers, 10^5 lines each way, O(n log n) in Python
_HEAVY_N = 200_000
_HEAVY_A = _ints(_HEAVY_N, 1, 10**9)
_HEAVY_SORTED = sorted(_HEAVY_A)
_HEAVY_IN = f"{_HEAVY_N}\n{_line(_HEAVY_A)}\n"
_HEAVY_DISTINCT_OUT = f"{len(set(_HEAVY_A))}\n"
_HEAVY_PAIRS_K = 10**9
# Pairs i < j with a_i + a_j <= K, counted by a quadratic-free plain computation (two pointers on the sorted copy).
_hp_lo, _hp_hi, _hp_cnt = 0, _HEAVY_N - 1, 0
while _hp_lo < _hp_hi:
    if _HEAVY_SORTED[_hp_lo] + _HEAVY_SORTED[_hp_hi] <= _HEAVY_PAIRS_K:
        _hp_cnt += _hp_hi - _hp_lo
        _hp_lo += 1
    else:
        _hp_hi -= 1
_HEAVY_PAIRS_OUT = f"{_hp_cnt}\n"

_LINES_N = 100_000
_LINES_Q = list(zip(_ints(_LINES_N, 1, 10**6), _ints(_LINES_N, 1, 10**6)))
_LINES_IN = f"{_LINES_N}\n" + "".join(f"{a} {b}\n" for a, b in _LINES_Q)
_LINES_OUT = "".join(f"{a + b} {a * b}\n" for a, b in _LINES_Q)
_LINES_SMALL_IN = f"{30_000}\n" + "".join(f"{a} {b}\n" for a, b in _LINES_Q[:30_000])
_LINES_SMALL_OUT = "".join(f"{a + b} {a * b}\n" for a, b in _LINES_Q[:30_000])

_STR_T = [format(x, "b").replace("1", "a").replace("0", "b") for x in _ints(50_000, 1, 1023)]
_STR_IN = f"{len(_STR_T)}\n" + "".join(f"{w}\n" for w in _STR_T)
_STR_OUT = "".join(("YES" if w == w[::-1] else "NO") + "\n" for w in _STR_T)

_TREE_N = 200_000
_TREE_PAR = [max(1, i - d) for i, d in zip(range(2, _TREE_N + 1), _ints(_TREE_N - 1, 1, 3))]
_TREE_DEPTH = [0] * (_TREE_N + 1)
for _i, _p in enumerate(_TREE_PAR, start=2):
    _TREE_DEPTH[_i] = _TREE_DEPTH[_p] + 1
_TREE_IN = f"{_TREE_N}\n{_line(_TREE_PAR)}\n"
_TREE_OUT = f"{max(_TREE_DEPTH)} {sum(_TREE_DEPTH)}\n"

_GRAPH_N, _GRAPH_M = 40_000, 80_000
_GRAPH_E = list(zip(_ints(_GRAPH_M, 1, _GRAPH_N), _ints(_GRAPH_M, 1, _GRAPH_N), _ints(_GRAPH_M, 1, 1000)))
_GRAPH_IN = f"{_GRAPH_N} {_GRAPH_M}\n" + "".join(f"{u} {v} {w}\n" for u, v, w in _GRAPH_E)
# Minimum spanning forest weight by Kruskal (the program under test runs Prim's with a heap).
_g_parent = list(range(_GRAPH_N + 1))


def _g_find(x: int) -> int:
    while _g_parent[x] != x:
        _g_parent[x] = _g_parent[_g_parent[x]]
        x = _g_parent[x]
    return x


_g_total = 0
_g_comps = _GRAPH_N
for _u, _v, _w in sorted(_GRAPH_E, key=lambda e: e[2]):
    _ru, _rv = _g_find(_u), _g_find(_v)
    if _ru != _rv:
        _g_parent[_ru] = _rv
        _g_total += _w
        _g_comps -= 1
_GRAPH_OUT = f"{_g_total} {_g_comps}\n"

HEAVY: list[Case] = [
    stdio("s6-cf-heavy-distinct-count-200k", r"""
        import sys

        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            print(len(set(data[1:n + 1])))

        main()
        """, [("5\n1 2 2 3 1\n", "3\n"), (_HEAVY_IN, _HEAVY_DISTINCT_OUT)]),
    stdio("s6-cf-heavy-pairs-sum-at-most-k-bisect", r"""
        import sys
        from bisect import bisect_right


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            a = sorted(map(int, data[1:n + 1]))
            K = 10**9
            total = 0
            for i, x in enumerate(a):
                j = bisect_right(a, K - x, i + 1)
                total += j - i - 1
            print(total)


        main()
        """, [("4\n1 2 999999999 5\n", "4\n"), (_HEAVY_IN, _HEAVY_PAIRS_OUT)]),
    stdio("s6-cf-heavy-100k-lines-input-readline", r"""
        import sys
        input = sys.stdin.readline

        n = int(input())
        out = []
        for _ in range(n):
            a, b = map(int, input().split())
            out.append(f"{a + b} {a * b}")
        print("\n".join(out))
        """, [("1\n2 3\n", "5 6\n"), (_LINES_IN, _LINES_OUT)]),
    stdio("s6-cf-heavy-30k-lines-plain-input-print", r"""
        n = int(input())
        for _ in range(n):
            a, b = map(int, input().split())
            print(a + b, a * b)
        """, [("1\n2 3\n", "5 6\n"), (_LINES_SMALL_IN, _LINES_SMALL_OUT)]),
    stdio("s6-cf-heavy-50k-palindrome-words", r"""
        import sys

        def main():
            it = iter(sys.stdin.read().split())
            t = int(next(it))
            ans = []
            for _ in range(t):
                w = next(it)
                ans.append("YES" if w == w[::-1] else "NO")
            sys.stdout.write("\n".join(ans))
            sys.stdout.write("\n")

        if __name__ == "__main__":
            main()
        """, [("2\naba\nab\n", "YES\nNO\n"), (_STR_IN, _STR_OUT)]),
    stdio("s6-cf-heavy-tree-depth-200k-thread-dfs", r"""
        import sys
        import threading


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            children = [[] for _ in range(n + 1)]
            for i in range(2, n + 1):
                children[int(data[i - 1])].append(i)
            depth = [0] * (n + 1)

            def dfs(u, d):
                depth[u] = d
                for v in children[u]:
                    dfs(v, d + 1)

            dfs(1, 0)
            print(max(depth), sum(depth))


        sys.setrecursionlimit(10**6)
        threading.stack_size(2**26)
        threading.Thread(target=main).start()
        """, [("3\n1 1\n", "1 2\n"), (_TREE_IN, _TREE_OUT)]),
    stdio("s6-cf-heavy-prim-mst-heap-80k-edges", r"""
        import sys
        import heapq


        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            adj = [[] for _ in range(n + 1)]
            idx = 2
            for _ in range(m):
                u, v, w = int(data[idx]), int(data[idx + 1]), int(data[idx + 2])
                idx += 3
                adj[u].append((w, v))
                adj[v].append((w, u))
            seen = [False] * (n + 1)
            total = comps = 0
            for s in range(1, n + 1):
                if seen[s]:
                    continue
                comps += 1
                pq = [(0, s)]
                while pq:
                    w, u = heapq.heappop(pq)
                    if seen[u]:
                        continue
                    seen[u] = True
                    total += w
                    for e in adj[u]:
                        if not seen[e[1]]:
                            heapq.heappush(pq, e)
            print(total, comps)


        main()
        """, [("3 3\n1 2 5\n2 3 1\n1 3 2\n", "3 1\n"), (_GRAPH_IN, _GRAPH_OUT)]),
    stdio("s6-cf-heavy-open0-sum-per-line", r"""
        lines = open(0).read().splitlines()
        n = int(lines[0])
        print(sum(sum(map(int, ln.split())) for ln in lines[1:n + 1]))
        """, [("2\n1 2\n3 4\n", "10\n"), (_LINES_IN, f"{sum(a + b for a, b in _LINES_Q)}\n")]),
    stdio("s6-cf-heavy-sort-by-key-tuples-print-star", r"""
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        a = list(map(int, data[1:n + 1]))
        order = sorted(range(n), key=lambda i: (a[i], i))
        print(*(i + 1 for i in order[:10]))
        print(a[order[0]], a[order[-1]])
        """, [("4\n3 1 3 2\n", "2 4 1 3\n1 3\n"),
              (_HEAVY_IN, " ".join(str(i + 1) for _, i in nsmallest(10, zip(_HEAVY_A, range(_HEAVY_N))))
               + f"\n{_HEAVY_SORTED[0]} {_HEAVY_SORTED[-1]}\n")]),
]

# Values up to 10^18 (C++'s long long), as Codeforces rows give them: 2*10^5 pairs in (~7.6 MB), 2*10^5 numbers out.
_LL_N = 200_000
_LL_L = _ints(_LL_N, 1, 10**18)
_LL_W = _ints(_LL_N, 0, 10**9)
_LL_IN = f"{_LL_N}\n" + "".join(f"{a} {a + w}\n" for a, w in zip(_LL_L, _LL_W))
_LL_OUT = f"{max(_LL_W) + 1} {sum(_LL_W) + _LL_N}\n"
_SQ_A = _ints(_LL_N, 10**8, 10**9)
_SQ_IN = f"{_LL_N}\n{_line(_SQ_A)}\n"
_SQ_OUT = " ".join(str(x * x) for x in _SQ_A) + "\n"
_DEEP_N = 100_000
_DEEP_IN = f"{_DEEP_N}\n" + " ".join(str(i) for i in range(1, _DEEP_N)) + "\n"

LIMITS: list[Case] = [
    stdio("s6-cf-limits-long-long-pairs-7mb-input", r"""
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            n = int(data[0])
            best = total = 0
            for i in range(n):
                l, r = int(data[1 + 2 * i]), int(data[2 + 2 * i])
                best = max(best, r - l + 1)
                total += r - l + 1
            print(best, total)


        main()
        """, [("2\n1 1\n1000000000000000000 1000000000000000002\n", "3 4\n"), (_LL_IN, _LL_OUT)]),
    stdio("s6-cf-limits-squares-4mb-output-one-line", r"""
        import sys

        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        print(*(int(x) ** 2 for x in data[1:n + 1]))
        """, [("3\n1 2 1000000000\n", "1 4 1000000000000000000\n"), (_SQ_IN, _SQ_OUT)]),
    stdio("s6-cf-limits-sieve-1e7-bytearray", r"""
        import sys

        N = 10**7
        sieve = bytearray([1]) * (N + 1)
        sieve[0:2] = b"\x00\x00"
        for i in range(2, int(N**0.5) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytes(len(range(i * i, N + 1, i)))
        queries = list(map(int, sys.stdin.read().split()[1:]))
        print("\n".join(str(sum(sieve[:q + 1])) for q in queries))
        """, [("3\n10\n100\n10000000\n", "4\n25\n664579\n")]),
    stdio("s6-cf-limits-list-1e6-ints-dp", r"""
        n = int(input())
        dp = [0] * (n + 1)
        dp[0] = 1
        MOD = 10**9 + 7
        for i in range(1, n + 1):
            dp[i] = dp[i - 1] * 2 % MOD if i < 4 else (dp[i - 1] + dp[i - 2] + dp[i - 3]) % MOD
        print(dp[n], len(dp))
        """, [("5\n", "26 6\n"), ("1000000\n", "493160083 1000001\n")]),
    stdio("s6-cf-limits-recursion-1e5-main-thread", r"""
        import sys

        sys.setrecursionlimit(10**6)


        def main():
            n = int(sys.stdin.readline())
            par = list(map(int, sys.stdin.readline().split()))
            children = [[] for _ in range(n + 1)]
            for i, p in enumerate(par, start=2):
                children[p].append(i)

            def height(u):
                best = 0
                for v in children[u]:
                    h = height(v)
                    if h > best:
                        best = h
                return best + 1

            print(height(1))


        main()
        """, [("3\n1 1\n", "2\n"), (_DEEP_IN, f"{_DEEP_N}\n")]),
    stdio("s6-cf-limits-lru-cache-recursion-depth-5000", r"""
        import sys
        from functools import lru_cache

        sys.setrecursionlimit(100000)


        @lru_cache(maxsize=None)
        def f(n):
            if n <= 1:
                return n
            return (f(n - 1) + f(n - 2)) % 1000000007


        print(f(int(input())))
        """, [("10\n", "55\n"), ("5000\n", "976496506\n")]),
]

# Answers and arguments of the sizes LeetCode's constraints allow (10^4-10^5 items, 300x300 grids).
MORE: list[Case] = [
    lc("s6-lcd-fizzbuzz-1e5-strings", """
        class Solution:
            def fizzBuzz(self, n: int) -> List[str]:
                out = []
                for i in range(1, n + 1):
                    s = ("Fizz" if i % 3 == 0 else "") + ("Buzz" if i % 5 == 0 else "")
                    out.append(s or str(i))
                return out
        """, "fizzBuzz", """
        def check(candidate):
            assert candidate(n=3) == ["1", "2", "Fizz"]
            assert candidate(n=15)[-1] == "FizzBuzz"
            big = candidate(n=100000)
            assert len(big) == 100000 and big[99999] == "Buzz" and big.count("FizzBuzz") == 6666
        """),
    lc("s6-lcd-generate-parentheses-n10", """
        class Solution:
            def generateParenthesis(self, n: int) -> List[str]:
                res = []

                def go(s: str, opened: int, closed: int) -> None:
                    if len(s) == 2 * n:
                        res.append(s)
                        return
                    if opened < n:
                        go(s + "(", opened + 1, closed)
                    if closed < opened:
                        go(s + ")", opened, closed + 1)

                go("", 0, 0)
                return res
        """, "generateParenthesis", """
        def check(candidate):
            assert sorted(candidate(n=3)) == sorted(["((()))", "(()())", "(())()", "()(())", "()()()"])
            assert candidate(n=1) == ["()"]
            r = candidate(n=10)
            assert len(r) == 16796 and len(set(r)) == 16796
        """),
    lc("s6-lcd-max-area-island-300x300-grid", """
        class Solution:
            def maxAreaOfIsland(self, grid: List[List[int]]) -> int:
                m, n = len(grid), len(grid[0])
                best = 0
                for i in range(m):
                    for j in range(n):
                        if grid[i][j] != 1:
                            continue
                        grid[i][j] = 0
                        stack, area = [(i, j)], 0
                        while stack:
                            r, c = stack.pop()
                            area += 1
                            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                                if 0 <= nr < m and 0 <= nc < n and grid[nr][nc] == 1:
                                    grid[nr][nc] = 0
                                    stack.append((nr, nc))
                        best = max(best, area)
                return best
        """, "maxAreaOfIsland", """
        def check(candidate):
            assert candidate(grid=[[0, 0, 1, 0], [0, 1, 1, 0], [0, 0, 0, 1]]) == 3
            assert candidate(grid=[[0, 0, 0, 0, 0, 0, 0, 0]]) == 0
            grid = [[1] * 300 for _ in range(300)]
            for j in range(300):
                grid[150][j] = 0
            assert candidate(grid=grid) == 150 * 300
        """),
    lc("s6-lcd-group-anagrams-sorted-compare", """
        class Solution:
            def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
                groups: Dict[Tuple[str, ...], List[str]] = defaultdict(list)
                for s in strs:
                    groups[tuple(sorted(s))].append(s)
                return list(groups.values())
        """, "groupAnagrams", """
        def check(candidate):
            out = candidate(strs=["eat", "tea", "tan", "ate", "nat", "bat"])
            assert sorted(map(sorted, out)) == [["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
            assert candidate(strs=[""]) == [[""]]
            assert candidate(strs=["a"]) == [["a"]]
        """),
    lc("s6-lcd-sliding-window-median-floats", """
        class Solution:
            def medianSlidingWindow(self, nums: List[int], k: int) -> List[float]:
                window = sorted(nums[:k])
                out = []
                for i in range(k, len(nums) + 1):
                    mid = k // 2
                    out.append(float(window[mid]) if k % 2 else (window[mid - 1] + window[mid]) / 2)
                    if i == len(nums):
                        break
                    window.pop(bisect_left(window, nums[i - k]))
                    insort(window, nums[i])
                return out
        """, "medianSlidingWindow", """
        def check(candidate):
            assert candidate(nums=[1, 3, -1, -3, 5, 3, 6, 7], k=3) == [1.0, -1.0, -1.0, 3.0, 5.0, 6.0]
            got = candidate(nums=[1, 2, 3, 4, 2, 3, 1, 4, 2], k=3)
            exp = [2.0, 3.0, 3.0, 3.0, 2.0, 3.0, 2.0]
            assert len(got) == len(exp) and all(abs(a - b) < 1e-5 for a, b in zip(got, exp))
            assert candidate(nums=[2147483647, 2147483647], k=2) == [2147483647.0]
        """),
    humaneval("s6-he-plus-all-prefixes-long", r"""
        from typing import List


        def all_prefixes(string: str) -> List[str]:
            return [string[:i] for i in range(1, len(string) + 1)]
        """, r"""
        def check(candidate):
            assert candidate('') == []
            assert candidate('asdfgh') == ['a', 'as', 'asd', 'asdf', 'asdfg', 'asdfgh']
            assert candidate('WWW') == ['W', 'WW', 'WWW']
            r = candidate('x' * 1000)
            assert len(r) == 1000 and r[-1] == 'x' * 1000 and sum(map(len, r)) == 500500
        """, "all_prefixes"),
    humaneval("s6-he-matrix-transpose-big", r"""
        def transpose(m):
            '''The transpose of a rectangular matrix given as a list of rows.'''
            return [list(col) for col in zip(*m)]
        """, r"""
        def check(candidate):
            assert candidate([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
            assert candidate([[1]]) == [[1]]
            m = [[i * 200 + j for j in range(200)] for i in range(300)]
            t = candidate(m)
            assert len(t) == 200 and len(t[0]) == 300 and t[199][299] == 299 * 200 + 199
        """, "transpose"),
    humaneval("s6-he-float-list-isclose-all", r"""
        import math


        def normalize(xs):
            norm = math.sqrt(sum(x * x for x in xs))
            return [x / norm for x in xs] if norm else list(xs)
        """, r"""
        import math


        def check(candidate):
            got = candidate([3, 4])
            assert all(math.isclose(a, b) for a, b in zip(got, [0.6, 0.8]))
            assert candidate([0, 0]) == [0, 0]
            v = candidate(list(range(1, 10001)))
            assert math.isclose(sum(x * x for x in v), 1.0, rel_tol=1e-9)
        """, "normalize"),
    stdio("s6-cf-code-jam-case-numbering", r"""
        def solve(n, a):
            return sum(1 for i in range(1, n) if a[i] > a[i - 1])


        def main():
            t = int(input())
            for case in range(1, t + 1):
                n = int(input())
                a = list(map(int, input().split()))
                print(f"Case #{case}: {solve(n, a)}")


        main()
        """, [("2\n3\n1 2 3\n4\n4 3 5 1\n", "Case #1: 2\nCase #2: 1\n")]),
    stdio("s6-cf-print-end-space-then-newline-per-test", r"""
        import sys

        input = sys.stdin.readline
        for _ in range(int(input())):
            n = int(input())
            for i in range(n, 0, -1):
                print(i, end=" ")
            print()
        """, [("2\n3\n1\n", "3 2 1\n1\n")]),
    stdio("s6-cf-heap-simulation-events", r"""
        import heapq
        import sys


        def main():
            data = sys.stdin.read().split()
            n, k = int(data[0]), int(data[1])
            jobs = sorted((int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n))
            free = [0] * k
            finish = []
            for arrive, dur in jobs:
                t = heapq.heappop(free)
                start = max(t, arrive)
                heapq.heappush(free, start + dur)
                finish.append(start + dur)
            print(max(finish))
            print(*finish)


        main()
        """, [("4 2\n0 5\n1 3\n2 4\n3 1\n", "8\n5 4 8 6\n")]),
    asserts("s6-mbpp-plus-big-list-max-diff", """
        def max_Abs_Diff(arr):
            return max(arr) - min(arr)
        """, ["assert max_Abs_Diff((2,1,5,3)) == 4", "assert max_Abs_Diff((9,3,2,5,1)) == 8",
              "assert max_Abs_Diff((3,2,1)) == 2",
              "assert max_Abs_Diff(tuple(range(-50000, 50000))) == 99999"]),
    asserts("s6-mbpp-sum-range-list-indices", """
        def sum_range_list(list1, m, n):
            sum_range = 0
            for i in range(m, n + 1, 1):
                sum_range += list1[i]
            return sum_range
        """, ["assert sum_range_list([2,1,5,6,8,3,4,9,10,11,8,12], 8, 10) == 29",
              "assert sum_range_list([2,1,5,6,8,3,4,9,10,11,8,12], 5, 7) == 16",
              "assert sum_range_list([2,1,5,6,8,3,4,9,10,11,8,12], 7, 10) == 38"]),
]

# Tests that call into the completion thousands of times (HumanEval+'s input lists, LeetCode design classes driven op
# by op): each call is a round trip to the job.
CALLS: list[Case] = [
    humaneval("s6-he-plus-2000-inputs-loop", r"""
        def is_prime(n):
            if n < 2:
                return False
            if n % 2 == 0:
                return n == 2
            i = 3
            while i * i <= n:
                if n % i == 0:
                    return False
                i += 2
            return True
        """, r"""
        def check(candidate):
            def ref(n):
                return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))

            for n in range(-5, 1995):
                assert candidate(n) == ref(n), n
        """, "is_prime"),
]

# Tests whose thousands of calls each cost a round trip to the job (~0.3-0.8 ms of wall time on the 2-core dev VM).
# Found passing on a quiet machine and missing the completion's 15 s deadline on a busy one while that deadline was
# wall time (MinStack: 9.9 s alone at load 3.8, 3 of 3 missed at load 3.2-5.2; the 10,000-call check: 3.4 s alone, 3
# of 3 missed at load 3.2-5.2, 2026-12-05 06:02 UTC). The completion's budget is CPU time since (docs/sandbox.md,
# Deadlines): with four busy loops beside it (load 5) MinStack passed in 15.7 and 12.8 s of wall time.
ROUND_TRIPS: list[Case] = [
    la("s6-lcd-asserts-design-minstack-5000-ops", """
        class MinStack:
            def __init__(self):
                self.stack = []

            def push(self, val: int) -> None:
                cur_min = min(val, self.stack[-1][1]) if self.stack else val
                self.stack.append((val, cur_min))

            def pop(self) -> None:
                self.stack.pop()

            def top(self) -> int:
                return self.stack[-1][0]

            def getMin(self) -> int:
                return self.stack[-1][1]
        """, ["""
              import random
              rng = random.Random(7)
              s = MinStack()
              shadow = []
              for _ in range(5000):
                  if shadow and rng.random() < 0.4:
                      s.pop()
                      shadow.pop()
                  else:
                      v = rng.randint(-10**9, 10**9)
                      s.push(v)
                      shadow.append(v)
                  if shadow:
                      assert s.top() == shadow[-1]
                      assert s.getMin() == min(shadow)
              """]),
    lc("s6-lcd-check-ops-list-10k-calls", """
        class Solution:
            def hammingWeight(self, n: int) -> int:
                return bin(n).count("1")
        """, "hammingWeight", """
        def check(candidate):
            for n in range(10000):
                assert candidate(n) == bin(n).count("1")
            assert candidate(n=2**31 - 1) == 31
        """),
]


CASES: list[Case] = [*STDIO, *LEETCODE, *HUMANEVAL, *MBPP, *HEAVY, *LIMITS, *MORE, *CALLS, *ROUND_TRIPS]

# Correct code plain Python passes and code_tests (defaults) fails, found by this sweep: kept out of the corpus
# (`all_cases`), each with what breaks it (`KNOWN_FAILING_WHY`); test_honest_corpus.py checks each still passes in
# plain Python and still fails here, so one that starts to pass moves to CASES.
KNOWN_FAILING: list[Case] = [
    humaneval("s6-he-nested-helper-recursion-flatten", r"""
        def flatten(nested):
            out = []

            def walk(x):
                if isinstance(x, (list, tuple)):
                    for y in x:
                        walk(y)
                else:
                    out.append(x)

            walk(nested)
            return out
        """, r"""
        def check(candidate):
            assert candidate([1, [2, [3, [4]], 5]]) == [1, 2, 3, 4, 5]
            assert candidate([]) == []
            assert candidate([[[[]]]]) == []
            assert candidate([(1, 2), [3, (4,)]]) == [1, 2, 3, 4]
            deep = [0]
            for i in range(1, 500):
                deep = [deep, i]
            assert candidate(deep) == list(range(500))
        """, "flatten"),
    asserts("s6-mbpp-test-setup-import-and-class", """
        def total_area(shapes):
            return round(sum(s.area() for s in shapes), 4)
        """, ["assert total_area([Rect(2, 3), Rect(1, 1)]) == 7",
              "assert total_area([Circle(1)]) == round(math.pi, 4)",
              "assert total_area([]) == 0"],
            setup="""
            import math


            class Rect:
                def __init__(self, w, h):
                    self.w, self.h = w, h

                def area(self):
                    return self.w * self.h


            class Circle:
                def __init__(self, r):
                    self.r = r

                def area(self):
                    return math.pi * self.r ** 2
            """),
]

# What breaks each of KNOWN_FAILING, by layer; both are bounds docs/sandbox.md already states.
KNOWN_FAILING_WHY: dict[str, str] = {
    "humaneval/s6-he-nested-helper-recursion-flatten":
        "codec, a documented bound: an argument nested past 100 levels is refused (the test builds a 500-deep "
        "[[...], i] list to check a recursive flatten; 'argument nested too deeply')",
    "mbpp/s6-mbpp-test-setup-import-and-class":
        "transport, documented by design: objects of classes MBPP's test_setup_code defines (Rect, Circle with an "
        "area() method) cannot be passed in, since the job would run the test's code ('cannot pass a Rect')",
}
