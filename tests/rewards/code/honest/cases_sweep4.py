"""A fourth held-out sweep (2026-12-04), written the way models answer real benchmark rows rather than as short
idioms: longer, messier solutions with what such answers carry, each name led by ``s4-`` and the dataset it imitates:
``he-`` (HumanEval/HumanEval+), ``mbpp-`` (MBPP/MBPP+), ``lcd-`` (LeetCodeDataset rows and assert lists calling
``Solution()``), ``cf-`` (APPS, CodeContests, LiveCodeBench stdin programs).

Function-style answers bring ``typing`` imports, docstrings, helpers and nested functions, module-level constants and
caches, ``if __name__ == "__main__":`` blocks with example prints, debugging prints left in,
``sys.setrecursionlimit``, ``functools.cache``, ``math.comb``/``isqrt``/``gcd``/``lcm``; their tests are
HumanEval+-style: many asserts, ``math.isclose`` and tolerances, ``is True``, inputs that are big lists. LeetCode
answers use ``deque`` BFS, ``heapq`` with tuples, ``bisect``, memoized inner functions of a method and ``self.``
state across calls. Stdin programs use ``input = sys.stdin.readline``, ``sys.stdin.read().split()`` with a pointer,
many test cases, ``sys.stdout.write``, ``from collections import *``, a thread with a large stack, ``exit()`` after
printing, trailing spaces, ``'%.6f'`` floats, yes/no answers and outputs of 10^5 lines."""

from __future__ import annotations

from . import Case, asserts, humaneval, stdio
from .cases_leetcode import la, lc

# Found 2026-12-04 (main as of 17:00 UTC, 135 cases): all pass plain Python; at the defaults one failed, closed the
# same day (`s4-mbpp-setup-imports-math`: a completion using a name the row's import-only test_setup_code binds, as
# the harness's one module lets it; `code_tests.with_setup_imports`). Strict (`private_clock=True`) fails
# `s4-cf-threading-no-stack-size` by that profile's design: a thread started without `threading.stack_size(n)`.
# A bound, not a difference (it passes alone): a linked list or tree the completion returns stays in the job, and
# the test read it one attribute a round trip, ~1 ms a node at load 5-6; written with 3,000 tree nodes and 5,000 list
# nodes these two cases took 6.6-7.3 s and 5.3-6.2 s alone and ran past the 15 s completion deadline in the whole
# corpus's batch, so they held 500 and 1,000. Since answers describe the objects they reach (`inside.job._near`,
# 2026-12-05) they hold their first sizes again: 0.2-0.4 s alone, idle.

HUMANEVAL: list[Case] = [
    humaneval("s4-he-has-close-elements", r'''
        from typing import List


        def has_close_elements(numbers: List[float], threshold: float) -> bool:
            """Check if in given list of numbers, are any two numbers closer to each other than
            given threshold.
            >>> has_close_elements([1.0, 2.0, 3.0], 0.5)
            False
            """
            sorted_numbers = sorted(numbers)
            for i in range(len(sorted_numbers) - 1):
                if sorted_numbers[i + 1] - sorted_numbers[i] < threshold:
                    return True
            return False


        if __name__ == "__main__":
            import doctest
            doctest.testmod()
            print(has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, 2.0], 0.3))
        ''', r'''
        METADATA = {"author": "jt", "dataset": "test"}


        def check(candidate):
            assert candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3) == True
            assert candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.05) == False
            assert candidate([1.0, 2.0, 5.9, 4.0, 5.0], 0.95) == True
            assert candidate([1.0, 2.0, 5.9, 4.0, 5.0], 0.8) == False
            assert candidate([1.0, 2.0, 3.0, 4.0, 5.0, 2.0], 0.1) == True
            assert candidate([1.1, 2.2, 3.1, 4.1, 5.1], 1.0) == True
            assert candidate([1.1, 2.2, 3.1, 4.1, 5.1], 0.5) == False
            assert candidate([float(i) for i in range(100000)], 0.5) is False
        ''', "has_close_elements"),
    humaneval("s4-he-separate-paren-groups", r'''
        from typing import List


        def separate_paren_groups(paren_string: str) -> List[str]:
            """Split balanced groups of parentheses, ignoring spaces."""
            result: List[str] = []
            current: List[str] = []
            depth = 0
            for c in paren_string:
                if c == ' ':
                    continue
                current.append(c)
                if c == '(':
                    depth += 1
                elif c == ')':
                    depth -= 1
                    if depth == 0:
                        result.append(''.join(current))
                        current.clear()
            return result
        ''', r'''
        def check(candidate):
            assert candidate('(()()) ((())) () ((())()())') == ['(()())', '((()))', '()', '((())()())']
            assert candidate('() (()) ((())) (((())))') == ['()', '(())', '((()))', '(((())))']
            assert candidate('(()(())((())))') == ['(()(())((())))']
            assert candidate('( ) (( )) (( )( ))') == ['()', '(())', '(()())']
            assert candidate('') == []
        ''', "separate_paren_groups"),
    humaneval("s4-he-mean-absolute-deviation-isclose", r'''
        from typing import List


        def mean_absolute_deviation(numbers: List[float]) -> float:
            mean = sum(numbers) / len(numbers)
            return sum(abs(x - mean) for x in numbers) / len(numbers)
        ''', r'''
        import math


        def check(candidate):
            assert abs(candidate([1.0, 2.0, 3.0]) - 2.0 / 3.0) < 1e-6
            assert abs(candidate([1.0, 2.0, 3.0, 4.0]) - 1.0) < 1e-6
            assert abs(candidate([1.0, 2.0, 3.0, 4.0, 5.0]) - 6.0 / 5.0) < 1e-6
            assert math.isclose(candidate([0.1] * 1000), 0.0, abs_tol=1e-9)
            assert math.isclose(candidate([float(x) for x in range(10001)]), 2500.249975, rel_tol=1e-6)
        ''', "mean_absolute_deviation"),
    humaneval("s4-he-intersperse-body", r'''
        if not numbers:
            return []
        result = []
        for n in numbers[:-1]:
            result.append(n)
            result.append(delimeter)
        result.append(numbers[-1])
        return result
        ''', r'''
        def check(candidate):
            assert candidate([], 7) == []
            assert candidate([5, 6, 3, 2], 8) == [5, 8, 6, 8, 3, 8, 2]
            assert candidate([2, 2, 2], 2) == [2, 2, 2, 2, 2]
            big = list(range(50000))
            out = candidate(big, -1)
            assert len(out) == 99999 and out[1::2] == [-1] * 49999 and out[::2] == big
        ''', "intersperse", prompt=r'''
        from typing import List


        def intersperse(numbers: List[int], delimeter: int) -> List[int]:
            """ Insert a number 'delimeter' between every two consecutive elements of input list `numbers'
            >>> intersperse([], 4)
            []
            """
        ''', body=True),
    humaneval("s4-he-sum-product-tuple", r'''
        from typing import List, Tuple
        from functools import reduce
        import operator


        def sum_product(numbers: List[int]) -> Tuple[int, int]:
            return sum(numbers), reduce(operator.mul, numbers, 1)
        ''', r'''
        def check(candidate):
            assert candidate([]) == (0, 1)
            assert candidate([1, 1, 1]) == (3, 1)
            assert candidate([100, 0]) == (100, 0)
            assert candidate([3, 5, 7]) == (3 + 5 + 7, 3 * 5 * 7)
            assert candidate([10]) == (10, 10)
            assert candidate(list(range(1, 30)))[1] == 8841761993739701954543616000000
        ''', "sum_product"),
    humaneval("s4-he-longest-optional", r'''
        from typing import List, Optional


        def longest(strings: List[str]) -> Optional[str]:
            if not strings:
                return None
            maxlen = max(len(x) for x in strings)
            for s in strings:
                if len(s) == maxlen:
                    return s
        ''', r'''
        def check(candidate):
            assert candidate([]) == None
            assert candidate([]) is None
            assert candidate(['x', 'y', 'z']) == 'x'
            assert candidate(['x', 'yyy', 'zzzz', 'www', 'kkkk', 'abc']) == 'zzzz'
        ''', "longest"),
    humaneval("s4-he-debug-prints-left-in", r'''
        def below_zero(operations):
            balance = 0
            for op in operations:
                balance += op
                print("balance now", balance)
                if balance < 0:
                    print("went below zero!")
                    return True
            print("final balance:", balance)
            return False
        ''', r'''
        def check(candidate):
            assert candidate([]) == False
            assert candidate([1, 2, -3, 1, 2, -3]) == False
            assert candidate([1, 2, -4, 5, 6]) == True
            assert candidate([1, -1, 2, -2, 5, -5, 4, -4]) == False
            assert candidate([1, -1, 2, -2, 5, -5, 4, -5]) == True
            assert candidate([1, -2, 2, -2, 5, -5, 4, -4]) is True
            assert candidate([1] * 3000 + [-3001]) is True
        ''', "below_zero"),
    humaneval("s4-he-module-cache-fib", r'''
        _CACHE = {0: 0, 1: 1}


        def fib(n: int) -> int:
            """Return n-th Fibonacci number, memoized in a module dict."""
            if n in _CACHE:
                return _CACHE[n]
            a, b = 0, 1
            for _ in range(n):
                a, b = b, a + b
            _CACHE[n] = a
            return a
        ''', r'''
        def check(candidate):
            assert candidate(10) == 55
            assert candidate(1) == 1
            assert candidate(8) == 21
            assert candidate(11) == 89
            assert candidate(12) == 144
            assert candidate(10) == 55
            assert candidate(300) % 1000000007 == 644264086
        ''', "fib"),
    humaneval("s4-he-setrecursionlimit-recursive-digits", r'''
        import sys
        sys.setrecursionlimit(10 ** 6)


        def digit_sum(n: int) -> int:
            if n < 10:
                return n
            return n % 10 + digit_sum(n // 10)


        def deep_count(n: int) -> int:
            return 0 if n == 0 else 1 + deep_count(n - 1)
        ''', r'''
        def check(candidate):
            assert candidate(0) == 0
            assert candidate(12345) == 15
            assert candidate(10 ** 200 - 1) == 1800
        ''', "digit_sum"),
    humaneval("s4-he-functools-cache-tri", r'''
        import functools


        @functools.cache
        def tri_count(n: int) -> int:
            if n <= 1:
                return 1
            if n == 2:
                return 2
            return tri_count(n - 1) + tri_count(n - 2) + tri_count(n - 3)


        def tri(n: int) -> list:
            return [tri_count(i) for i in range(n + 1)]
        ''', r'''
        def check(candidate):
            assert candidate(0) == [1]
            assert candidate(5) == [1, 1, 2, 4, 7, 13]
            assert candidate(400)[-1] > 10 ** 100
        ''', "tri"),
    humaneval("s4-he-math-comb-isqrt", r'''
        import math


        def lattice_and_square(n: int):
            """Number of lattice paths in an n x n grid and whether n is a perfect square."""
            r = math.isqrt(n)
            return math.comb(2 * n, n), r * r == n
        ''', r'''
        def check(candidate):
            assert candidate(2) == (6, False)
            assert candidate(4) == (70, True)
            assert candidate(9)[1] is True
            assert candidate(100)[0] == 90548514656103281165404177077484163874504589675413336841320
        ''', "lattice_and_square"),
    humaneval("s4-he-gcd-lcm-reduce", r'''
        from math import gcd, lcm
        from functools import reduce
        from typing import List


        def greatest_common_divisor(a: int, b: int) -> int:
            while b:
                a, b = b, a % b
            return a


        def lcm_all(nums: List[int]) -> int:
            return reduce(lcm, nums, 1)


        def gcd_all(nums: List[int]) -> int:
            return reduce(gcd, nums, 0)
        ''', r'''
        def check(candidate):
            assert candidate([1, 2, 3, 4, 5, 6]) == 60
            assert candidate([7]) == 7
            assert candidate(list(range(1, 41))) == 5342931457063200
        ''', "lcm_all"),
    humaneval("s4-he-nested-helper-is-prime", r'''
        def prime_fib(n: int):
            """Return the n-th number that is a Fibonacci number and prime."""
            import math

            def is_prime(p):
                if p < 2:
                    return False
                for k in range(2, min(int(math.sqrt(p)) + 1, p - 1)):
                    if p % k == 0:
                        return False
                return True

            f = [0, 1]
            while True:
                f.append(f[-1] + f[-2])
                if is_prime(f[-1]):
                    n -= 1
                if n == 0:
                    return f[-1]
        ''', r'''
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
        ''', "prime_fib"),
    humaneval("s4-he-body-with-inner-function", r'''
        def rotate(c):
            if c.isalpha():
                base = ord('a') if c.islower() else ord('A')
                return chr((ord(c) - base + 4) % 26 + base)
            return c
        return ''.join(rotate(c) for c in s)
        ''', r'''
        def check(candidate):
            assert candidate('hi') == 'lm'
            assert candidate('asdfghjkl') == 'ewhjklnop'
            assert candidate('gf') == 'kj'
            assert candidate('et') == 'ix'
            assert candidate('faewfawefaewg') == 'jeiajeaijeiak'
            assert candidate('a' * 100000) == 'e' * 100000
        ''', "encrypt", prompt=r'''
        def encrypt(s):
            """Create a function encrypt that takes a string as an argument and
            returns a string encrypted with the alphabet being rotated.
            """
        ''', body=True),
    humaneval("s4-he-plus-many-asserts-sort-third", r'''
        def sort_third(l: list):
            l = list(l)
            l[::3] = sorted(l[::3])
            return l
        ''', r'''
        import random


        def check(candidate):
            assert tuple(candidate([1, 2, 3])) == tuple(sort_third([1, 2, 3]))
            assert tuple(candidate([5, 3, -5, 2, -3, 3, 9, 0, 123, 1, -10])) == (1, 3, -5, 2, -3, 3, 5, 0, 123, 9, -10)
            assert tuple(candidate([5, 6, 3, 4, 8, 9, 2])) == tuple([2, 6, 3, 4, 8, 9, 5])
            rng = random.Random(42)
            for _ in range(200):
                xs = [rng.randint(-100, 100) for _ in range(rng.randint(0, 30))]
                out = candidate(xs)
                assert sorted(out) == sorted(xs)
                assert out[1::3] == xs[1::3] and out[2::3] == xs[2::3]
                assert out[::3] == sorted(xs[::3])
        ''', "sort_third"),
    humaneval("s4-he-plus-float-returns", r'''
        import math


        def triangle_area(a, b, c):
            """Return the area rounded to 2 decimals, or -1 if invalid."""
            if a + b <= c or a + c <= b or b + c <= a:
                return -1
            s = (a + b + c) / 2
            area = math.sqrt(s * (s - a) * (s - b) * (s - c))
            return round(area, 2)
        ''', r'''
        import math


        def check(candidate):
            assert candidate(3, 4, 5) == 6.00, "This prints if this assert fails 1 (good for debugging!)"
            assert candidate(1, 2, 10) == -1
            assert candidate(4, 8, 5) == 8.18
            assert candidate(2, 2, 2) == 1.73
            assert candidate(1, 2, 3) == -1
            assert candidate(10, 5, 7) == 16.25
            assert candidate(2, 6, 3) == -1
            assert math.isclose(candidate(1, 1, 1), 0.43)
            assert candidate(2, 2, 10) == -1
            assert abs(candidate(1e3, 1e3, 1e3) - 433012.7) < 1e-6
        ''', "triangle_area"),
    humaneval("s4-he-main-block-with-input-guard", r'''
        import sys
        from typing import List


        def parse_music(music_string: str) -> List[int]:
            note_map = {'o': 4, 'o|': 2, '.|': 1}
            return [note_map[x] for x in music_string.split(' ') if x]


        def main():
            line = sys.stdin.readline()
            print(parse_music(line.strip()))


        if __name__ == "__main__":
            main()
        ''', r'''
        def check(candidate):
            assert candidate('') == []
            assert candidate('o o o o') == [4, 4, 4, 4]
            assert candidate('.| .| .| .|') == [1, 1, 1, 1]
            assert candidate('o| o| .| .| o o o o') == [2, 2, 1, 1, 4, 4, 4, 4]
            assert candidate('o| .| o| .| o o| o o|') == [2, 1, 2, 1, 4, 2, 4, 2]
        ''', "parse_music"),
    humaneval("s4-he-class-based-helper", r'''
        from typing import List


        class _Counter:
            def __init__(self):
                self.counts = {}

            def add(self, word):
                self.counts[word] = self.counts.get(word, 0) + 1

            def most(self):
                if not self.counts:
                    return {}
                top = max(self.counts.values())
                return {k: v for k, v in self.counts.items() if v == top}


        def histogram(test: str) -> dict:
            c = _Counter()
            for w in test.split():
                c.add(w)
            return c.most()
        ''', r'''
        def check(candidate):
            assert candidate('a b b a') == {'a': 2, 'b': 2}
            assert candidate('a b c a b') == {'a': 2, 'b': 2}
            assert candidate('a b c d g') == {'a': 1, 'b': 1, 'c': 1, 'd': 1, 'g': 1}
            assert candidate('b b b b a') == {'b': 4}
            assert candidate('') == {}
            assert candidate('a') == {'a': 1}
        ''', "histogram"),
    humaneval("s4-he-returns-tuple-of-lists", r'''
        from typing import List, Tuple


        def even_odd_split(xs: List[int]) -> Tuple[List[int], List[int]]:
            evens, odds = [], []
            for x in xs:
                (evens if x % 2 == 0 else odds).append(x)
            return evens, odds
        ''', r'''
        def check(candidate):
            assert candidate([1, 2, 3, 4]) == ([2, 4], [1, 3])
            e, o = candidate(list(range(100000)))
            assert len(e) == 50000 and len(o) == 50000 and sum(e) == 2499950000
            assert candidate([]) == ([], [])
        ''', "even_odd_split"),
    humaneval("s4-he-string-to-md5-optional", r'''
        import hashlib
        from typing import Optional


        def string_to_md5(text: str) -> Optional[str]:
            if not text:
                return None
            return hashlib.md5(text.encode('ascii')).hexdigest()
        ''', r'''
        def check(candidate):
            assert candidate('Hello world') == '3e25960a79dbc69b674cd4ec67a72c62'
            assert candidate('') == None
            assert candidate('A B C') == '0ef78513b0cb8cef12743f5aeb35f888'
            assert candidate('password') == '5f4dcc3b5aa765d61d8327deb882cf99'
        ''', "string_to_md5"),
    humaneval("s4-he-find-zero-poly", r'''
        import math


        def poly(xs: list, x: float):
            return sum([coeff * math.pow(x, i) for i, coeff in enumerate(xs)])


        def find_zero(xs: list):
            begin, end = -1.0, 1.0
            while poly(xs, begin) * poly(xs, end) > 0:
                begin *= 2.0
                end *= 2.0
            while end - begin > 1e-10:
                center = (begin + end) / 2.0
                if poly(xs, center) * poly(xs, begin) > 0:
                    begin = center
                else:
                    end = center
            return begin
        ''', r'''
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
        ''', "find_zero"),
]

MBPP: list[Case] = [
    asserts("s4-mbpp-similar-elements-set", r'''
        def similar_elements(test_tup1, test_tup2):
            res = tuple(set(test_tup1) & set(test_tup2))
            return (res)
        ''', ["assert set(similar_elements((3, 4, 5, 6),(5, 7, 4, 10))) == set((4, 5))",
              "assert set(similar_elements((1, 2, 3, 4),(5, 4, 3, 7))) == set((3, 4))",
              "assert set(similar_elements((11, 12, 14, 13),(17, 15, 14, 13))) == set((13, 14))"]),
    asserts("s4-mbpp-is-not-prime-math", r'''
        import math
        def is_not_prime(n):
            result = False
            for i in range(2,int(math.sqrt(n)) + 1):
                if n % i == 0:
                    result = True
            return result
        ''', ["assert is_not_prime(2) == False", "assert is_not_prime(10) == True",
              "assert is_not_prime(35) == True", "assert is_not_prime(37) == False"]),
    asserts("s4-mbpp-heap-queue-largest", r'''
        import heapq as hq
        def heap_queue_largest(nums,n):
          largest_nums = hq.nlargest(n, nums)
          return largest_nums
        ''', ["assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],3)==[85, 75, 65]",
              "assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],2)==[85, 75]",
              "assert heap_queue_largest(list(range(100000)), 5) == [99999, 99998, 99997, 99996, 99995]"]),
    asserts("s4-mbpp-plus-isclose-volume", r'''
        import math
        def volume_sphere(r):
          """Volume of a sphere of radius r."""
          volume=(4/3)*math.pi*r*r*r
          return volume
        ''', ["import math\nassert math.isclose(volume_sphere(10), 4188.790204786391, rel_tol=0.001)",
              "assert math.isclose(volume_sphere(25), 65449.84694978735, rel_tol=0.001)",
              "assert math.isclose(volume_sphere(20), 33510.32163829113, rel_tol=0.001)"]),
    asserts("s4-mbpp-main-block-prints", r'''
        def remove_Occ(s, ch):
            first = s.find(ch)
            if first == -1:
                return s
            s = s[:first] + s[first + 1:]
            last = s.rfind(ch)
            if last == -1:
                return s
            return s[:last] + s[last + 1:]

        if __name__ == '__main__':
            print(remove_Occ("hello", "l"))
            print(remove_Occ("abcda", "a"))
        ''', ['assert remove_Occ("hello","l") == "heo"', 'assert remove_Occ("abcda","a") == "bcd"',
              'assert remove_Occ("PHP","P") == "H"', 'assert remove_Occ("", "x") == ""']),
    asserts("s4-mbpp-sort-matrix-typing", r'''
        from typing import List

        def sort_matrix(M: List[List[int]]) -> List[List[int]]:
            result = sorted(M, key=sum)
            return result
        ''', ["assert sort_matrix([[1, 2, 3], [2, 4, 5], [1, 1, 1]])==[[1, 1, 1], [1, 2, 3], [2, 4, 5]]",
              "assert sort_matrix([[1, 2, 3], [-2, 4, -5], [1, -1, 1]])==[[-2, 4, -5], [1, -1, 1], [1, 2, 3]]",
              "assert sort_matrix([[5,8,9],[6,4,3],[2,1,4]])==[[2, 1, 4], [6, 4, 3], [5, 8, 9]]"]),
    asserts("s4-mbpp-count-common-counter", r'''
        from collections import Counter

        def count_common(words):
          word_counts = Counter(words)
          top_four = word_counts.most_common(4)
          return (top_four)
        ''', ["assert count_common(['red','green','black','pink','black','white','black','eyes','white',"
              "'black','orange','pink','pink','red','red','white','orange','white',\"black\",'pink','green','green','pink','green','pink',"
              "'white','orange',\"orange\",'red']) == [('pink', 6), ('black', 5), ('white', 5), ('red', 4)]",
              "assert count_common(['one', 'two', 'three', 'four', 'five', 'one', 'two', 'one', 'three', 'one']) == "
              "[('one', 4), ('two', 2), ('three', 2), ('four', 1)]"]),
    asserts("s4-mbpp-regex-split-lower", r'''
        import re
        def split_lowerstring(text):
          return (re.findall('[a-z][^a-z]*', text))
        ''', ['assert split_lowerstring("AbCd")==[\'bC\',\'d\']',
              'assert split_lowerstring("Python")==[\'y\', \'t\', \'h\', \'o\', \'n\']',
              'assert split_lowerstring("Programming")==list("rogramming")']),
    asserts("s4-mbpp-recursion-limit-dp", r'''
        import sys
        sys.setrecursionlimit(10**6)
        from functools import lru_cache

        def count_ways(n):
            @lru_cache(maxsize=None)
            def go(i):
                if i == 0:
                    return 1
                if i < 0:
                    return 0
                return go(i - 1) + go(i - 2)
            return go(n)
        ''', ["assert count_ways(2) == 2", "assert count_ways(8) == 34", "assert count_ways(12) == 233",
              "assert count_ways(3000) == count_ways(2999) + count_ways(2998)"]),
    asserts("s4-mbpp-plus-is-true-identity", r'''
        def check_monthnumb_number(monthnum2):
          if(monthnum2==1 or monthnum2==3 or monthnum2==5 or monthnum2==7 or monthnum2==8 or monthnum2==10\
             or monthnum2==12):
            return True
          else:
            return False
        ''', ["assert check_monthnumb_number(5) is True", "assert check_monthnumb_number(2) is False",
              "assert check_monthnumb_number(6) is False", "assert check_monthnumb_number(12) == True"]),
    asserts("s4-mbpp-setup-code-list", r'''
        def max_sub_array_sum(a, size):
          max_so_far = float('-inf')
          max_ending_here = 0
          for i in range(0, size):
            max_ending_here = max_ending_here + a[i]
            if max_so_far < max_ending_here:
              max_so_far = max_ending_here
            if max_ending_here < 0:
              max_ending_here = 0
          return max_so_far
        ''', ["assert max_sub_array_sum(ARR, len(ARR)) == 7",
              "assert max_sub_array_sum(BIG, len(BIG)) == 200000",
              "assert max_sub_array_sum([-3, -4, 5, -2, -3, 2, 6, -4], 8) == 8"],
        setup="ARR = [-2, -3, 4, -1, -2, 1, 5, -3]\nBIG = [2] * 100000"),
    asserts("s4-mbpp-tuple-of-floats-round", r'''
        def tuple_str_float(test_str):
            parts = test_str.replace('(', '').replace(')', '').split(', ')
            return tuple(round(float(p), 2) for p in parts)
        ''', ['assert tuple_str_float("(1.5, 2.25, 3.333)") == (1.5, 2.25, 3.33)',
              'assert abs(sum(tuple_str_float("(0.1, 0.2)")) - 0.3) < 1e-9']),
    asserts("s4-mbpp-generator-helper", r'''
        def _primes():
            found = []
            n = 2
            while True:
                if all(n % p for p in found if p * p <= n):
                    found.append(n)
                    yield n
                n += 1

        def nth_prime(n):
            for i, p in enumerate(_primes(), 1):
                if i == n:
                    return p
        ''', ["assert nth_prime(1) == 2", "assert nth_prime(10) == 29", "assert nth_prime(1000) == 7919"]),
]

LEETCODE: list[Case] = [
    lc("s4-lcd-bfs-grid-deque", r'''
        from collections import deque
        from typing import List


        class Solution:
            def orangesRotting(self, grid: List[List[int]]) -> int:
                m, n = len(grid), len(grid[0])
                q = deque()
                fresh = 0
                for i in range(m):
                    for j in range(n):
                        if grid[i][j] == 2:
                            q.append((i, j))
                        elif grid[i][j] == 1:
                            fresh += 1
                minutes = 0
                dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                while q and fresh:
                    for _ in range(len(q)):
                        x, y = q.popleft()
                        for dx, dy in dirs:
                            nx, ny = x + dx, y + dy
                            if 0 <= nx < m and 0 <= ny < n and grid[nx][ny] == 1:
                                grid[nx][ny] = 2
                                fresh -= 1
                                q.append((nx, ny))
                    minutes += 1
                return -1 if fresh else minutes
        ''', "orangesRotting", r'''
        def check(candidate):
            assert candidate(grid=[[2, 1, 1], [1, 1, 0], [0, 1, 1]]) == 4
            assert candidate(grid=[[2, 1, 1], [0, 1, 1], [1, 0, 1]]) == -1
            assert candidate(grid=[[0, 2]]) == 0
            assert candidate(grid=[[2] + [1] * 299]) == 299
        '''),
    lc("s4-lcd-dijkstra-heap-tuples", r'''
        class Solution:
            def networkDelayTime(self, times: List[List[int]], n: int, k: int) -> int:
                graph = defaultdict(list)
                for u, v, w in times:
                    graph[u].append((v, w))
                dist = {}
                heap = [(0, k)]
                while heap:
                    d, node = heapq.heappop(heap)
                    if node in dist:
                        continue
                    dist[node] = d
                    for nxt, w in graph[node]:
                        if nxt not in dist:
                            heapq.heappush(heap, (d + w, nxt))
                return max(dist.values()) if len(dist) == n else -1
        ''', "networkDelayTime", r'''
        def check(candidate):
            assert candidate(times=[[2, 1, 1], [2, 3, 1], [3, 4, 1]], n=4, k=2) == 2
            assert candidate(times=[[1, 2, 1]], n=2, k=1) == 1
            assert candidate(times=[[1, 2, 1]], n=2, k=2) == -1
            chain = [[i, i + 1, 1] for i in range(1, 2000)]
            assert candidate(times=chain, n=2000, k=1) == 1999
        '''),
    lc("s4-lcd-bisect-lis", r'''
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
        ''', "lengthOfLIS", r'''
        def check(candidate):
            assert candidate(nums=[10, 9, 2, 5, 3, 7, 101, 18]) == 4
            assert candidate(nums=[0, 1, 0, 3, 2, 3]) == 4
            assert candidate(nums=[7, 7, 7, 7, 7, 7, 7]) == 1
            assert candidate(nums=list(range(2500))) == 2500
        '''),
    lc("s4-lcd-lru-cache-inner-dfs", r'''
        class Solution:
            def minDistance(self, word1: str, word2: str) -> int:
                @lru_cache(None)
                def dfs(i: int, j: int) -> int:
                    if i == len(word1):
                        return len(word2) - j
                    if j == len(word2):
                        return len(word1) - i
                    if word1[i] == word2[j]:
                        return dfs(i + 1, j + 1)
                    return 1 + min(dfs(i + 1, j), dfs(i, j + 1), dfs(i + 1, j + 1))

                ans = dfs(0, 0)
                dfs.cache_clear()
                return ans
        ''', "minDistance", r'''
        def check(candidate):
            assert candidate(word1="horse", word2="ros") == 3
            assert candidate(word1="intention", word2="execution") == 5
            assert candidate(word1="", word2="a") == 1
            assert candidate(word1="a" * 120, word2="b" * 120) == 120
        '''),
    lc("s4-lcd-functools-cache-method-inner", r'''
        import functools


        class Solution:
            def numDecodings(self, s: str) -> int:
                n = len(s)

                @functools.cache
                def ways(i):
                    if i == n:
                        return 1
                    if s[i] == '0':
                        return 0
                    total = ways(i + 1)
                    if i + 1 < n and int(s[i:i + 2]) <= 26:
                        total += ways(i + 2)
                    return total

                return ways(0)
        ''', "numDecodings", r'''
        def check(candidate):
            assert candidate(s="12") == 2
            assert candidate(s="226") == 3
            assert candidate(s="06") == 0
            assert candidate(s="1" * 90) == 4660046610375530309
        '''),
    lc("s4-lcd-linked-list-reverse-k", r'''
        # Definition for singly-linked list.
        # class ListNode:
        #     def __init__(self, val=0, next=None):
        #         self.val = val
        #         self.next = next
        class Solution:
            def reverseKGroup(self, head: Optional[ListNode], k: int) -> Optional[ListNode]:
                dummy = ListNode(0, head)
                group_prev = dummy
                while True:
                    kth = group_prev
                    for _ in range(k):
                        kth = kth.next
                        if not kth:
                            return dummy.next
                    group_next = kth.next
                    prev, cur = group_next, group_prev.next
                    while cur is not group_next:
                        cur.next, prev, cur = prev, cur, cur.next
                    first = group_prev.next
                    group_prev.next = kth
                    group_prev = first
        ''', "reverseKGroup", r'''
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5]), k=2), list_node([2, 1, 4, 3, 5]))
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5]), k=3), list_node([3, 2, 1, 4, 5]))
            assert is_same_list(candidate(head=list_node([1]), k=1), list_node([1]))
        '''),
    lc("s4-lcd-merge-k-lists-heap", r'''
        class Solution:
            def mergeKLists(self, lists: List[Optional[ListNode]]) -> Optional[ListNode]:
                heap = []
                for idx, node in enumerate(lists):
                    if node:
                        heapq.heappush(heap, (node.val, idx, node))
                dummy = tail = ListNode()
                while heap:
                    val, idx, node = heapq.heappop(heap)
                    tail.next = node
                    tail = node
                    if node.next:
                        heapq.heappush(heap, (node.next.val, idx, node.next))
                return dummy.next
        ''', "mergeKLists", r'''
        def check(candidate):
            assert is_same_list(candidate(lists=[list_node([1, 4, 5]), list_node([1, 3, 4]), list_node([2, 6])]),
                                list_node([1, 1, 2, 3, 4, 4, 5, 6]))
            assert is_same_list(candidate(lists=[]), list_node([]))
            assert is_same_list(candidate(lists=[list_node([])]), list_node([]))
        '''),
    lc("s4-lcd-tree-level-order-deque", r'''
        class Solution:
            def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
                if root is None:
                    return []
                ans, q = [], deque([root])
                while q:
                    level = []
                    for _ in range(len(q)):
                        node = q.popleft()
                        level.append(node.val)
                        if node.left:
                            q.append(node.left)
                        if node.right:
                            q.append(node.right)
                    ans.append(level)
                return ans
        ''', "levelOrder", r'''
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == [[3], [9, 20], [15, 7]]
            assert candidate(root=tree_node([1])) == [[1]]
            assert candidate(root=tree_node([])) == []
        '''),
    lc("s4-lcd-tree-max-path-nonlocal", r'''
        class Solution:
            def maxPathSum(self, root: Optional[TreeNode]) -> int:
                best = -inf

                def gain(node):
                    nonlocal best
                    if not node:
                        return 0
                    left = max(gain(node.left), 0)
                    right = max(gain(node.right), 0)
                    best = max(best, node.val + left + right)
                    return node.val + max(left, right)

                gain(root)
                return best
        ''', "maxPathSum", r'''
        def check(candidate):
            assert candidate(root=tree_node([1, 2, 3])) == 6
            assert candidate(root=tree_node([-10, 9, 20, None, None, 15, 7])) == 42
            assert candidate(root=tree_node([-3])) == -3
        '''),
    lc("s4-lcd-self-state-ans-attribute", r'''
        class Solution:
            def diameterOfBinaryTree(self, root: Optional[TreeNode]) -> int:
                self.ans = 0
                self.depth(root)
                return self.ans

            def depth(self, node):
                if node is None:
                    return 0
                l, r = self.depth(node.left), self.depth(node.right)
                self.ans = max(self.ans, l + r)
                return 1 + max(l, r)
        ''', "diameterOfBinaryTree", r'''
        def check(candidate):
            assert candidate(root=tree_node([1, 2, 3, 4, 5])) == 3
            assert candidate(root=tree_node([1, 2])) == 1
        '''),
    lc("s4-lcd-tree-build-returns-tree", r'''
        class Solution:
            def buildTree(self, preorder: List[int], inorder: List[int]) -> Optional[TreeNode]:
                pos = {v: i for i, v in enumerate(inorder)}
                it = iter(preorder)

                def build(lo, hi):
                    if lo > hi:
                        return None
                    val = next(it)
                    node = TreeNode(val)
                    node.left = build(lo, pos[val] - 1)
                    node.right = build(pos[val] + 1, hi)
                    return node

                return build(0, len(inorder) - 1)
        ''', "buildTree", r'''
        def check(candidate):
            assert is_same_tree(candidate(preorder=[3, 9, 20, 15, 7], inorder=[9, 3, 15, 20, 7]),
                                tree_node([3, 9, 20, None, None, 15, 7]))
            assert is_same_tree(candidate(preorder=[-1], inorder=[-1]), tree_node([-1]))
        '''),
    lc("s4-lcd-order-statistic-bit", r'''
        class BIT:
            def __init__(self, n):
                self.n = n
                self.t = [0] * (n + 1)

            def add(self, i, v=1):
                while i <= self.n:
                    self.t[i] += v
                    i += i & -i

            def query(self, i):
                s = 0
                while i > 0:
                    s += self.t[i]
                    i -= i & -i
                return s


        class Solution:
            def countSmaller(self, nums: List[int]) -> List[int]:
                ranks = {v: i + 1 for i, v in enumerate(sorted(set(nums)))}
                tree = BIT(len(ranks))
                res = []
                for x in reversed(nums):
                    res.append(tree.query(ranks[x] - 1))
                    tree.add(ranks[x])
                return res[::-1]
        ''', "countSmaller", r'''
        def check(candidate):
            assert candidate(nums=[5, 2, 6, 1]) == [2, 1, 1, 0]
            assert candidate(nums=[-1]) == [0]
            assert candidate(nums=[-1, -1]) == [0, 0]
            assert candidate(nums=list(range(20000, 0, -1)))[:3] == [19999, 19998, 19997]
        '''),
    lc("s4-lcd-insort-sliding-median", r'''
        class Solution:
            def medianSlidingWindow(self, nums: List[int], k: int) -> List[float]:
                window = sorted(nums[:k])
                res = []
                for i in range(k, len(nums) + 1):
                    if k % 2:
                        res.append(float(window[k // 2]))
                    else:
                        res.append((window[k // 2 - 1] + window[k // 2]) / 2)
                    if i == len(nums):
                        break
                    del window[bisect_left(window, nums[i - k])]
                    insort(window, nums[i])
                return res
        ''', "medianSlidingWindow", r'''
        def check(candidate):
            assert candidate(nums=[1, 3, -1, -3, 5, 3, 6, 7], k=3) == [1.0, -1.0, -1.0, 3.0, 5.0, 6.0]
            assert candidate(nums=[1, 2, 3, 4, 2, 3, 1, 4, 2], k=3) == [2.0, 3.0, 3.0, 3.0, 2.0, 3.0, 2.0]
            out = candidate(nums=[1, 4, 2, 3], k=4)
            assert abs(out[0] - 2.5) < 1e-5
        '''),
    lc("s4-lcd-union-find-class", r'''
        class UnionFind:
            def __init__(self, n: int):
                self.p = list(range(n))
                self.size = [1] * n

            def find(self, x: int) -> int:
                while self.p[x] != x:
                    self.p[x] = self.p[self.p[x]]
                    x = self.p[x]
                return x

            def union(self, a: int, b: int) -> bool:
                pa, pb = self.find(a), self.find(b)
                if pa == pb:
                    return False
                if self.size[pa] < self.size[pb]:
                    pa, pb = pb, pa
                self.p[pb] = pa
                self.size[pa] += self.size[pb]
                return True


        class Solution:
            def findRedundantConnection(self, edges: List[List[int]]) -> List[int]:
                uf = UnionFind(len(edges) + 1)
                for a, b in edges:
                    if not uf.union(a, b):
                        return [a, b]
        ''', "findRedundantConnection", r'''
        def check(candidate):
            assert candidate(edges=[[1, 2], [1, 3], [2, 3]]) == [2, 3]
            assert candidate(edges=[[1, 2], [2, 3], [3, 4], [1, 4], [1, 5]]) == [1, 4]
        '''),
    lc("s4-lcd-topo-sort-kahn", r'''
        class Solution:
            def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
                indeg = [0] * numCourses
                g = defaultdict(list)
                for a, b in prerequisites:
                    g[b].append(a)
                    indeg[a] += 1
                q = deque(i for i, d in enumerate(indeg) if d == 0)
                order = []
                while q:
                    i = q.popleft()
                    order.append(i)
                    for j in g[i]:
                        indeg[j] -= 1
                        if indeg[j] == 0:
                            q.append(j)
                return order if len(order) == numCourses else []
        ''', "findOrder", r'''
        def check(candidate):
            assert candidate(numCourses=2, prerequisites=[[1, 0]]) == [0, 1]
            order = candidate(numCourses=4, prerequisites=[[1, 0], [2, 0], [3, 1], [3, 2]])
            assert order in ([0, 1, 2, 3], [0, 2, 1, 3])
            assert candidate(numCourses=1, prerequisites=[]) == [0]
            assert candidate(numCourses=2, prerequisites=[[0, 1], [1, 0]]) == []
        '''),
    lc("s4-lcd-two-pointers-inplace", r'''
        class Solution:
            def sortColors(self, nums: List[int]) -> None:
                """
                Do not return anything, modify nums in-place instead.
                """
                lo, mid, hi = 0, 0, len(nums) - 1
                while mid <= hi:
                    if nums[mid] == 0:
                        nums[lo], nums[mid] = nums[mid], nums[lo]
                        lo += 1
                        mid += 1
                    elif nums[mid] == 1:
                        mid += 1
                    else:
                        nums[mid], nums[hi] = nums[hi], nums[mid]
                        hi -= 1
        ''', "sortColors", r'''
        def check(candidate):
            nums = [2, 0, 2, 1, 1, 0]
            assert candidate(nums) is None
            assert nums == [0, 0, 1, 1, 2, 2]
            nums = [2, 1] * 5000
            candidate(nums=nums)
            assert nums == [1] * 5000 + [2] * 5000
        '''),
    lc("s4-lcd-monotonic-stack", r'''
        class Solution:
            def dailyTemperatures(self, temperatures: List[int]) -> List[int]:
                ans = [0] * len(temperatures)
                stk = []
                for i, t in enumerate(temperatures):
                    while stk and temperatures[stk[-1]] < t:
                        j = stk.pop()
                        ans[j] = i - j
                    stk.append(i)
                return ans
        ''', "dailyTemperatures", r'''
        def check(candidate):
            assert candidate(temperatures=[73, 74, 75, 71, 69, 72, 76, 73]) == [1, 1, 4, 2, 1, 1, 0, 0]
            assert candidate(temperatures=[30, 40, 50, 60]) == [1, 1, 1, 0]
            assert candidate(temperatures=[30, 60, 90]) == [1, 1, 0]
            big = candidate(temperatures=[50] * 100000)
            assert big == [0] * 100000
        '''),
    lc("s4-lcd-trie-dict-of-dicts", r'''
        class Solution:
            def longestCommonPrefix(self, strs: List[str]) -> str:
                trie = {}
                for s in strs:
                    node = trie
                    for ch in s:
                        node = node.setdefault(ch, {})
                    node['$'] = True
                prefix = []
                node = trie
                while len(node) == 1 and '$' not in node:
                    ch = next(iter(node))
                    prefix.append(ch)
                    node = node[ch]
                return ''.join(prefix)
        ''', "longestCommonPrefix", r'''
        def check(candidate):
            assert candidate(strs=["flower", "flow", "flight"]) == "fl"
            assert candidate(strs=["dog", "racecar", "car"]) == ""
            assert candidate(strs=["a"]) == "a"
        '''),
    lc("s4-lcd-dp-2d-table-mod", r'''
        class Solution:
            def uniquePaths(self, m: int, n: int) -> int:
                MOD = 10 ** 9 + 7
                dp = [[1] * n for _ in range(m)]
                for i in range(1, m):
                    for j in range(1, n):
                        dp[i][j] = dp[i - 1][j] + dp[i][j - 1]
                return dp[-1][-1] if m * n < 10 ** 9 else dp[-1][-1] % MOD
        ''', "uniquePaths", r'''
        def check(candidate):
            assert candidate(m=3, n=7) == 28
            assert candidate(m=3, n=2) == 3
            assert candidate(m=100, n=100) == comb(198, 99)
        '''),
    lc("s4-lcd-kth-largest-heap-pushpop", r'''
        class Solution:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                h = nums[:k]
                heapify(h)
                for x in nums[k:]:
                    if x > h[0]:
                        heapreplace(h, x)
                return h[0]
        ''', "findKthLargest", r'''
        def check(candidate):
            assert candidate(nums=[3, 2, 1, 5, 6, 4], k=2) == 5
            assert candidate(nums=[3, 2, 3, 1, 2, 4, 5, 5, 6], k=4) == 4
            assert candidate(nums=list(range(100000)), k=10) == 99990
        '''),
    la("s4-lcd-asserts-design-class", r'''
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
                if key in self.data:
                    self.data.move_to_end(key)
                self.data[key] = value
                if len(self.data) > self.cap:
                    self.data.popitem(last=False)


        # Your LRUCache object will be instantiated and called as such:
        # obj = LRUCache(capacity)
        # param_1 = obj.get(key)
        # obj.put(key,value)
        ''', ["c = LRUCache(2); c.put(1, 1); c.put(2, 2); assert c.get(1) == 1; c.put(3, 3); assert c.get(2) == -1",
              "c = LRUCache(1); c.put(2, 1); assert c.get(2) == 1; c.put(3, 2); assert c.get(2) == -1; "
              "assert c.get(3) == 2"]),
    la("s4-lcd-asserts-solution-instance", r'''
        from typing import List


        class Solution:
            def __init__(self):
                self.calls = 0

            def maxArea(self, height: List[int]) -> int:
                self.calls += 1
                i, j, best = 0, len(height) - 1, 0
                while i < j:
                    best = max(best, (j - i) * min(height[i], height[j]))
                    if height[i] < height[j]:
                        i += 1
                    else:
                        j -= 1
                return best
        ''', ["assert Solution().maxArea([1, 8, 6, 2, 5, 4, 8, 3, 7]) == 49",
              "assert Solution().maxArea([1, 1]) == 1",
              "s = Solution()\nassert s.maxArea([4, 3, 2, 1, 4]) == 16\nassert s.maxArea([1, 2, 1]) == 2\n"
              "assert s.calls == 2"]),
    la("s4-lcd-asserts-trie-class-self", r'''
        class Trie:
            def __init__(self):
                self.children = {}
                self.is_end = False

            def insert(self, word: str) -> None:
                node = self
                for c in word:
                    node = node.children.setdefault(c, Trie())
                node.is_end = True

            def _walk(self, prefix):
                node = self
                for c in prefix:
                    node = node.children.get(c)
                    if node is None:
                        return None
                return node

            def search(self, word: str) -> bool:
                node = self._walk(word)
                return node is not None and node.is_end

            def startsWith(self, prefix: str) -> bool:
                return self._walk(prefix) is not None
        ''', ["t = Trie()\nt.insert('apple')\nassert t.search('apple') is True\nassert t.search('app') is False\n"
              "assert t.startsWith('app')\nt.insert('app')\nassert t.search('app')"]),
    la("s4-lcd-asserts-tree-helpers-in-setup", r'''
        class TreeNode:
            def __init__(self, val=0, left=None, right=None):
                self.val = val
                self.left = left
                self.right = right


        class Solution:
            def isValidBST(self, root) -> bool:
                def ok(node, lo, hi):
                    if not node:
                        return True
                    if not lo < node.val < hi:
                        return False
                    return ok(node.left, lo, node.val) and ok(node.right, node.val, hi)
                return ok(root, float('-inf'), float('inf'))
        ''', ["assert Solution().isValidBST(TreeNode(2, TreeNode(1), TreeNode(3))) == True",
              "assert Solution().isValidBST(TreeNode(5, TreeNode(1), TreeNode(4, TreeNode(3), TreeNode(6)))) == False",
              "assert Solution().isValidBST(None) is True"]),
    lc("s4-lcd-binary-search-answer", r'''
        class Solution:
            def minEatingSpeed(self, piles: List[int], h: int) -> int:
                def hours(k):
                    return sum((p + k - 1) // k for p in piles)

                lo, hi = 1, max(piles)
                while lo < hi:
                    mid = (lo + hi) // 2
                    if hours(mid) <= h:
                        hi = mid
                    else:
                        lo = mid + 1
                return lo
        ''', "minEatingSpeed", r'''
        def check(candidate):
            assert candidate(piles=[3, 6, 7, 11], h=8) == 4
            assert candidate(piles=[30, 11, 23, 4, 20], h=5) == 30
            assert candidate(piles=[30, 11, 23, 4, 20], h=6) == 23
            assert candidate(piles=[10 ** 9] * 10000, h=10 ** 9) == 10000
        '''),
    lc("s4-lcd-string-answer-list-of-str", r'''
        class Solution:
            def generateParenthesis(self, n: int) -> List[str]:
                res = []

                def backtrack(cur, opened, closed):
                    if len(cur) == 2 * n:
                        res.append(''.join(cur))
                        return
                    if opened < n:
                        cur.append('(')
                        backtrack(cur, opened + 1, closed)
                        cur.pop()
                    if closed < opened:
                        cur.append(')')
                        backtrack(cur, opened, closed + 1)
                        cur.pop()

                backtrack([], 0, 0)
                return res
        ''', "generateParenthesis", r'''
        def check(candidate):
            assert candidate(n=3) == ["((()))", "(()())", "(())()", "()(())", "()()()"]
            assert candidate(n=1) == ["()"]
            assert len(candidate(n=10)) == 16796
        '''),
    lc("s4-lcd-bitmask-dp", r'''
        class Solution:
            def canPartitionKSubsets(self, nums: List[int], k: int) -> bool:
                total = sum(nums)
                if total % k:
                    return False
                target = total // k
                nums.sort(reverse=True)
                if nums[0] > target:
                    return False
                n = len(nums)

                @cache
                def dfs(mask, cur):
                    if mask == (1 << n) - 1:
                        return True
                    for i in range(n):
                        if not mask >> i & 1 and cur + nums[i] <= target:
                            if dfs(mask | 1 << i, (cur + nums[i]) % target):
                                return True
                    return False

                return dfs(0, 0)
        ''', "canPartitionKSubsets", r'''
        def check(candidate):
            assert candidate(nums=[4, 3, 2, 3, 5, 2, 1], k=4) == True
            assert candidate(nums=[1, 2, 3, 4], k=3) == False
            assert candidate(nums=[2, 2, 2, 2, 3, 4, 5], k=4) is False
        '''),
]


def _fib_mod(n: int) -> int:
    """Fibonacci ``n`` mod 10^9+7: the expected output of ``s4-cf-setrecursionlimit-memo``."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, (a + b) % 1000000007
    return a


def _lines(values) -> str:
    """Expected output: one value a line."""
    return "".join(f"{v}\n" for v in values)


_BIG_N = 100000
_BIG_INPUT = f"{_BIG_N}\n" + " ".join(str(i % 1000) for i in range(_BIG_N)) + "\n"
_PREFIX = []
_acc = 0
for _i in range(_BIG_N):
    _acc += _i % 1000
    _PREFIX.append(_acc)
del _acc, _i

STDIO: list[Case] = [
    stdio("s4-cf-readline-rebind-multi-test", r'''
        import sys
        input = sys.stdin.readline


        def solve():
            n = int(input())
            a = list(map(int, input().split()))
            return "YES" if sum(a) % 2 == 0 else "NO"


        t = int(input())
        for _ in range(t):
            print(solve())
        ''', [("3\n2\n1 1\n3\n1 2 4\n1\n0\n", "YES\nNO\nYES\n"), ("1\n1\n7\n", "NO\n")]),
    stdio("s4-cf-read-split-pointer", r'''
        import sys


        def main():
            data = sys.stdin.read().split()
            idx = 0
            t = int(data[idx]); idx += 1
            out = []
            for _ in range(t):
                n = int(data[idx]); idx += 1
                arr = data[idx:idx + n]; idx += n
                arr = list(map(int, arr))
                out.append(max(arr) - min(arr))
            print('\n'.join(map(str, out)))


        main()
        ''', [("2\n3\n1 5 3\n4\n-1 -1 -1 -1\n", "4\n0\n"), ("1\n1\n100\n", "0\n")]),
    stdio("s4-cf-stdout-write-join", r'''
        import sys
        input = sys.stdin.readline
        n = int(input())
        a = list(map(int, input().split()))
        pre = []
        s = 0
        for x in a:
            s += x
            pre.append(s)
        sys.stdout.write('\n'.join(map(str, pre)) + '\n')
        ''', [(_BIG_INPUT, _lines(_PREFIX)), ("3\n1 2 3\n", "1\n3\n6\n")]),
    stdio("s4-cf-star-import-collections", r'''
        from collections import *
        import sys
        input = lambda: sys.stdin.readline().rstrip("\r\n")

        n = int(input())
        words = [input() for _ in range(n)]
        cnt = Counter(words)
        order = OrderedDict()
        for w in words:
            order.setdefault(w, 0)
        dq = deque(order)
        while dq:
            w = dq.popleft()
            print(w, cnt[w])
        ''', [("5\nab\ncd\nab\nef\ncd\n", "ab 2\ncd 2\nef 1\n")]),
    stdio("s4-cf-thread-stack-size-dfs", r'''
        import sys
        import threading


        def main():
            n = int(sys.stdin.readline())
            adj = [[] for _ in range(n + 1)]
            for _ in range(n - 1):
                u, v = map(int, sys.stdin.readline().split())
                adj[u].append(v)
                adj[v].append(u)
            depth = [0] * (n + 1)

            def dfs(u, p):
                for w in adj[u]:
                    if w != p:
                        depth[w] = depth[u] + 1
                        dfs(w, u)

            dfs(1, 0)
            print(max(depth))


        sys.setrecursionlimit(1 << 25)
        threading.stack_size(1 << 27)
        t = threading.Thread(target=main)
        t.start()
        t.join()
        ''', [("5\n1 2\n2 3\n3 4\n1 5\n", "3\n"),
              ("50000\n" + "".join(f"{i} {i + 1}\n" for i in range(1, 50000)), "49999\n")]),
    stdio("s4-cf-setrecursionlimit-memo", r'''
        import sys
        sys.setrecursionlimit(10 ** 6)
        from functools import lru_cache

        MOD = 10 ** 9 + 7


        @lru_cache(maxsize=None)
        def f(n):
            if n < 2:
                return n
            return (f(n - 1) + f(n - 2)) % MOD


        n = int(input())
        for i in range(0, n + 1, 500):
            f(i)
        print(f(n))
        ''', [("10\n", "55\n"), ("5000\n", f"{_fib_mod(5000)}\n")]),
    stdio("s4-cf-exit-mid-program", r'''
        n = int(input())
        a = list(map(int, input().split()))
        for i in range(n):
            if a[i] < 0:
                print("NO")
                print(i + 1)
                exit()
        print("YES")
        ''', [("3\n1 2 3\n", "YES\n"), ("3\n1 -2 3\n", "NO\n2\n")]),
    stdio("s4-cf-sys-exit-zero-after-print", r'''
        import sys
        s = input().strip()
        if s == s[::-1]:
            print("Yes")
            sys.exit(0)
        for i in range(len(s)):
            t = s[:i] + s[i + 1:]
            if t == t[::-1]:
                print("Yes")
                sys.exit()
        print("No")
        ''', [("abba   \n", "Yes\n"), ("abca\n", "Yes\n"), ("abcdef  \n", "No\n")]),
    stdio("s4-cf-float-format-percent", r'''
        import math
        n = int(input())
        pts = [tuple(map(float, input().split())) for _ in range(n)]
        total = 0.0
        for i in range(n):
            x1, y1 = pts[i]
            x2, y2 = pts[(i + 1) % n]
            total += math.hypot(x2 - x1, y2 - y1)
        print('%.6f' % total)
        print("{:.6f}".format(total / n))
        ''', [("4\n0 0\n1 0\n1 1\n0 1\n", "4.000000\n1.000000\n"), ("3\n0 0\n3 0\n0 4\n", "12.000000\n4.000000\n")]),
    stdio("s4-cf-trailing-spaces-tokens", r'''
        n, m = map(int, input().split())
        grid = [input().strip() for _ in range(n)]
        stars = sum(row.count('*') for row in grid)
        print(stars, end=' \n')
        print(*[row.count('*') for row in grid], ' ')
        ''', [("2 3  \n*.*  \n...\n", "2\n2 0\n")]),
    stdio("s4-cf-main-guard-solve", r'''
        import sys
        from typing import List


        def solve(n: int, a: List[int]) -> int:
            best = cur = a[0]
            for x in a[1:]:
                cur = max(x, cur + x)
                best = max(best, cur)
            return best


        def main() -> None:
            input = sys.stdin.readline
            t = int(input())
            res = []
            for _ in range(t):
                n = int(input())
                a = [int(x) for x in input().split()]
                res.append(solve(n, a))
            print("\n".join(str(r) for r in res))


        if __name__ == "__main__":
            main()
        ''', [("2\n5\n-2 1 -3 4 -1\n3\n-5 -1 -8\n", "4\n-1\n")]),
    stdio("s4-cf-large-output-print-loop", r'''
        n = int(input())
        for i in range(1, n + 1):
            if i % 15 == 0:
                print("FizzBuzz")
            elif i % 3 == 0:
                print("Fizz")
            elif i % 5 == 0:
                print("Buzz")
            else:
                print(i)
        ''', [("100000\n", _lines("FizzBuzz" if i % 15 == 0 else "Fizz" if i % 3 == 0 else "Buzz" if i % 5 == 0
                                   else i for i in range(1, 100001)))]),
    stdio("s4-cf-bfs-grid-stdin", r'''
        from collections import deque
        import sys
        input = sys.stdin.readline
        h, w = map(int, input().split())
        g = [input().rstrip('\n') for _ in range(h)]
        dist = [[-1] * w for _ in range(h)]
        dist[0][0] = 0
        q = deque([(0, 0)])
        while q:
            r, c = q.popleft()
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nr, nc = r + dr, c + dc
                if 0 <= nr < h and 0 <= nc < w and g[nr][nc] == '.' and dist[nr][nc] < 0:
                    dist[nr][nc] = dist[r][c] + 1
                    q.append((nr, nc))
        print(dist[h - 1][w - 1])
        ''', [("3 3\n..#\n#..\n...\n", "4\n"), ("2 2\n.#\n#.\n", "-1\n")]),
    stdio("s4-cf-heapq-dijkstra-stdin", r'''
        import heapq
        import sys


        def main():
            data = sys.stdin.buffer.read().split()
            n, m = int(data[0]), int(data[1])
            adj = [[] for _ in range(n + 1)]
            p = 2
            for _ in range(m):
                a, b, w = int(data[p]), int(data[p + 1]), int(data[p + 2])
                p += 3
                adj[a].append((b, w))
                adj[b].append((a, w))
            INF = float('inf')
            dist = [INF] * (n + 1)
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
            print(' '.join(str(x) if x != INF else '-1' for x in dist[1:]))


        main()
        ''', [("4 3\n1 2 5\n2 3 1\n1 3 10\n", "0 5 6 -1\n")]),
    stdio("s4-cf-input-strip-int-list-comprehension", r'''
        t = int(input().strip())
        for _ in range(t):
            s = input().strip()
            cnt = [0] * 26
            for ch in s:
                cnt[ord(ch) - 97] += 1
            odd = sum(c % 2 for c in cnt)
            print("YES" if odd <= 1 else "NO")
        ''', [("3\naab  \nabc\n  racecar\n", "YES\nNO\nYES\n")]),
    stdio("s4-cf-codecontests-yes-no-lowercase-compare", r'''
        import sys
        def input():
            return sys.stdin.readline().strip()

        for _ in range(int(input())):
            a, b = map(int, input().split())
            print("YES" if (a + b) % 3 == 0 and 2 * a >= b and 2 * b >= a else "NO")
        ''', [("3\n6 9\n1 1\n1 2\n", "YES\nNO\nYES\n")]),
    stdio("s4-cf-bisect-queries", r'''
        import sys
        from bisect import bisect_left, bisect_right
        rd = sys.stdin.readline
        n, q = map(int, rd().split())
        a = sorted(map(int, rd().split()))
        out = []
        for _ in range(q):
            l, r = map(int, rd().split())
            out.append(bisect_right(a, r) - bisect_left(a, l))
        print(*out, sep='\n')
        ''', [("5 3\n5 1 3 3 9\n1 3\n4 8\n10 20\n", "3\n1\n0\n")]),
    stdio("s4-cf-debug-to-stderr", r'''
        import sys
        n = int(input())
        total = 0
        for i in range(n):
            x = int(input())
            print("debug: read", x, file=sys.stderr)
            total += x
        sys.stderr.write("total=%d\n" % total)
        print(total)
        ''', [("3\n1\n2\n3\n", "6\n")]),
    stdio("s4-cf-map-int-open-0", r'''
        n, *a = map(int, open(0).read().split())
        print(sum(sorted(a)[n // 2:]))
        ''', [("4\n1 9 3 7\n", "16\n")]),
    stdio("s4-cf-sieve-module-level", r'''
        import sys
        LIMIT = 10 ** 6
        sieve = bytearray([1]) * (LIMIT + 1)
        sieve[0] = sieve[1] = 0
        for i in range(2, int(LIMIT ** 0.5) + 1):
            if sieve[i]:
                sieve[i * i::i] = bytearray(len(range(i * i, LIMIT + 1, i)))
        input = sys.stdin.readline
        q = int(input())
        print('\n'.join('YES' if sieve[int(input())] else 'NO' for _ in range(q)))
        ''', [("4\n2\n15\n999983\n1\n", "YES\nNO\nYES\nNO\n")]),
    stdio("s4-cf-lcb-class-solution-stdin", r'''
        from typing import List


        class Solution:
            def solve(self, nums: List[int], k: int) -> int:
                seen = {}
                best = 0
                left = 0
                for right, x in enumerate(nums):
                    seen[x] = seen.get(x, 0) + 1
                    while seen[x] > k:
                        seen[nums[left]] -= 1
                        left += 1
                    best = max(best, right - left + 1)
                return best


        if __name__ == "__main__":
            n, k = map(int, input().split())
            nums = list(map(int, input().split()))
            print(Solution().solve(nums, k))
        ''', [("8 2\n1 2 3 1 2 3 1 2\n", "6\n"), ("6 1\n1 1 1 1 1 1\n", "1\n")]),
    stdio("s4-cf-print-join-floats", r'''
        n = int(input())
        xs = list(map(float, input().split()))
        avg = sum(xs) / n
        print(' '.join('%.6f' % (x - avg) for x in xs))
        print(f"{avg:.6f}")
        ''', [("3\n1 2 3\n", "-1.000000 0.000000 1.000000\n2.000000\n")]),
    stdio("s4-cf-matrix-output-rows", r'''
        import sys
        n = int(sys.stdin.readline())
        rows = []
        for i in range(n):
            rows.append(' '.join(str((i * n + j) % 10) for j in range(n)))
        sys.stdout.write('\n'.join(rows))
        sys.stdout.write('\n')
        ''', [("300\n", "".join(" ".join(str((i * 300 + j) % 10) for j in range(300)) + "\n" for i in range(300)))]),
    stdio("s4-cf-fast-io-class", r'''
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
                a, b = map(int, input().split())
                print(a * b)


        if __name__ == "__main__":
            main()
        ''', [("3\n2 3\n4 5\n100000 100000\n", "6\n20\n10000000000\n")]),
    stdio("s4-cf-recursive-no-thread-deep", r'''
        import sys
        sys.setrecursionlimit(300000)


        def count(n):
            if n == 0:
                return 0
            return 1 + count(n - 1)


        n = int(input())
        print(count(n))
        ''', [("50000\n", "50000\n")]),
    stdio("s4-cf-lines-until-eof-readlines", r'''
        import sys
        lines = sys.stdin.readlines()
        n = int(lines[0])
        total = 0
        for line in lines[1:1 + n]:
            a, b = line.split()
            total += int(a) * int(b)
        print(total)
        ''', [("2\n3 4\n5 6\n", "42\n"), ("0\n", "0\n")]),
    stdio("s4-cf-for-line-in-stdin", r'''
        import sys
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            x, y = map(int, line.split())
            print(x + y)
        ''', [("1 2\n3 4\n\n5 6\n", "3\n7\n11\n")]),
    stdio("s4-cf-print-list-unpacked-large", r'''
        n = int(input())
        perm = list(range(n, 0, -1))
        print(*perm)
        ''', [("100000\n", " ".join(str(i) for i in range(100000, 0, -1)) + "\n")]),
    stdio("s4-cf-two-pointer-stdin-answer-count", r'''
        import sys
        input = sys.stdin.readline
        n, s = map(int, input().split())
        a = list(map(int, input().split()))
        l = 0
        cur = 0
        best = 0
        for r in range(n):
            cur += a[r]
            while cur > s:
                cur -= a[l]
                l += 1
            best = max(best, r - l + 1)
        print(best)
        ''', [("5 7\n2 1 3 1 5\n", "4\n"), ("3 1\n2 2 2\n", "0\n")]),
    stdio("s4-cf-decimal-and-fraction", r'''
        from fractions import Fraction
        from decimal import Decimal, getcontext
        getcontext().prec = 50
        a, b = map(int, input().split())
        f = Fraction(a, b)
        print(f"{f.numerator}/{f.denominator}")
        print(Decimal(a) / Decimal(b))
        ''', [("6 8\n", "3/4\n0.75\n"), ("1 3\n", "1/3\n0.33333333333333333333333333333333333333333333333333\n")]),
    stdio("s4-cf-itertools-permutations-brute", r'''
        from itertools import permutations
        import sys
        input = sys.stdin.readline
        n = int(input())
        d = [list(map(int, input().split())) for _ in range(n)]
        best = float('inf')
        for p in permutations(range(1, n)):
            route = (0,) + p + (0,)
            best = min(best, sum(d[route[i]][route[i + 1]] for i in range(n)))
        print(best)
        ''', [("4\n0 10 15 20\n10 0 35 25\n15 35 0 30\n20 25 30 0\n", "80\n")]),
    stdio("s4-cf-gcd-lcm-many", r'''
        import math
        import sys
        from functools import reduce
        data = sys.stdin.read().split()
        t = int(data[0])
        out = []
        pos = 1
        for _ in range(t):
            n = int(data[pos]); pos += 1
            arr = list(map(int, data[pos:pos + n])); pos += n
            out.append(f"{reduce(math.gcd, arr)} {reduce(math.lcm, arr)}")
        print("\n".join(out))
        ''', [("2\n3\n4 6 8\n2\n7 13\n", "2 24\n1 91\n")]),
    stdio("s4-cf-comb-mod-precompute", r'''
        import sys
        MOD = 998244353
        N = 200001
        fact = [1] * N
        for i in range(1, N):
            fact[i] = fact[i - 1] * i % MOD
        inv = [1] * N
        inv[N - 1] = pow(fact[N - 1], MOD - 2, MOD)
        for i in range(N - 1, 0, -1):
            inv[i - 1] = inv[i] * i % MOD


        def C(n, k):
            if k < 0 or k > n:
                return 0
            return fact[n] * inv[k] % MOD * inv[n - k] % MOD


        input = sys.stdin.readline
        q = int(input())
        ans = []
        for _ in range(q):
            n, k = map(int, input().split())
            ans.append(C(n, k))
        print('\n'.join(map(str, ans)))
        ''', [("3\n5 2\n10 0\n3 5\n", "10\n1\n0\n")]),
    stdio("s4-cf-string-builder-list-append", r'''
        s = input()
        res = []
        i = 0
        while i < len(s):
            j = i
            while j < len(s) and s[j] == s[i]:
                j += 1
            res.append(s[i] + str(j - i))
            i = j
        print(''.join(res))
        ''', [("aaabccdddd\n", "a3b1c2d4\n"), ("z\n", "z1\n")]),
    stdio("s4-cf-no-trailing-newline-input", r'''
        a = input()
        b = input()
        print(int(a) + int(b))
        ''', [("12\n30", "42\n")]),
    stdio("s4-cf-windows-line-endings", r'''
        import sys
        n = int(sys.stdin.readline())
        names = [sys.stdin.readline().strip() for _ in range(n)]
        print(max(names, key=len))
        ''', [("3\r\nann\r\nbobby\r\ncy\r\n", "bobby\n")]),
    stdio("s4-cf-lcb-print-answer-only-once", r'''
        def main():
            n = int(input())
            s = input()
            ans = 0
            for i in range(n - 2):
                if s[i:i + 3] == "ABC":
                    ans += 1
            print(ans)
            return


        main()
        ''', [("10\nBABCABCABC\n", "3\n"), ("3\nXYZ\n", "0\n")]),
    stdio("s4-cf-quit-builtin", r'''
        import sys
        n = int(input())
        if n == 1:
            print(-1)
            quit()
        print(*range(2, n + 1), 1)
        ''', [("1\n", "-1\n"), ("4\n", "2 3 4 1\n")]),
    stdio("s4-cf-raise-systemexit-after-print", r'''
        n = int(input())
        arr = list(map(int, input().split()))
        if sorted(arr) == arr:
            print(0)
            raise SystemExit
        print(sum(1 for i in range(1, n) if arr[i] < arr[i - 1]))
        ''', [("3\n1 2 3\n", "0\n"), ("4\n3 1 2 0\n", "2\n")]),
    stdio("s4-cf-threading-no-stack-size", r'''
        import threading
        import sys

        result = []


        def worker(vals):
            result.append(sum(v * v for v in vals))


        vals = list(map(int, sys.stdin.read().split()))
        th = threading.Thread(target=worker, args=(vals,))
        th.start()
        th.join()
        print(result[0])
        ''', [("1 2 3 4\n", "30\n")]),
    stdio("s4-cf-print-flush-interactive-style", r'''
        import sys
        n = int(input())
        for i in range(n):
            print(i * i, flush=True)
        sys.stdout.flush()
        ''', [("5\n", "0\n1\n4\n9\n16\n")]),
]

# Larger and deeper than the rows above: what a HumanEval+/MBPP+ or LeetCodeDataset row's inputs grow to.
LARGER: list[Case] = [
    humaneval("s4-he-plus-many-calls-loop", r'''
        def is_prime(n):
            """Return true if a given number is prime, and false otherwise."""
            if n < 2:
                return False
            k = 2
            while k * k <= n:
                if n % k == 0:
                    return False
                k += 1
            return True
        ''', r'''
        def check(candidate):
            primes = [p for p in range(2, 3000) if all(p % q for q in range(2, int(p ** 0.5) + 1))]
            pset = set(primes)
            for n in range(3000):
                assert candidate(n) == (n in pset), n
        ''', "is_prime"),
    humaneval("s4-he-debug-print-many-lines", r'''
        def count_up(n):
            total = 0
            for i in range(n):
                print(f"step {i}: total={total}")
                total += i
            return total
        ''', r'''
        def check(candidate):
            assert candidate(10) == 45
            assert candidate(100000) == 4999950000
        ''', "count_up"),
    humaneval("s4-he-deep-recursion-setrecursionlimit", r'''
        import sys
        sys.setrecursionlimit(10 ** 6)


        def depth_sum(n: int) -> int:
            """Sum 1..n recursively (a model's way to show recursion)."""
            if n == 0:
                return 0
            return n + depth_sum(n - 1)
        ''', r'''
        def check(candidate):
            assert candidate(10) == 55
            assert candidate(50000) == 50000 * 50001 // 2
        ''', "depth_sum"),
    humaneval("s4-he-functools-cache-deep", r'''
        from functools import cache


        @cache
        def partitions(n: int, k: int) -> int:
            if n == 0:
                return 1
            if n < 0 or k == 0:
                return 0
            return partitions(n - k, k) + partitions(n, k - 1)


        def count_partitions(n: int) -> int:
            return partitions(n, n)
        ''', r'''
        def check(candidate):
            assert candidate(5) == 7
            assert candidate(10) == 42
            assert candidate(100) == 190569292
        ''', "count_partitions"),
    humaneval("s4-he-returns-inf-nan", r'''
        import math
        from typing import List


        def safe_ratio(xs: List[float]):
            lo, hi = min(xs), max(xs)
            if lo == 0:
                return math.inf if hi > 0 else math.nan
            return hi / lo
        ''', r'''
        import math


        def check(candidate):
            assert candidate([0.0, 2.0]) == float('inf')
            assert math.isinf(candidate([0.0, 1.0]))
            assert math.isnan(candidate([0.0, 0.0]))
            assert math.isclose(candidate([2.0, 3.0]), 1.5)
        ''', "safe_ratio"),
    humaneval("s4-he-returns-dict-tuple-keys", r'''
        from collections import defaultdict
        from typing import Dict, List, Tuple


        def pair_counts(xs: List[int]) -> Dict[Tuple[int, int], int]:
            out = defaultdict(int)
            for a, b in zip(xs, xs[1:]):
                out[(a, b)] += 1
            return dict(out)
        ''', r'''
        def check(candidate):
            assert candidate([1, 2, 1, 2]) == {(1, 2): 2, (2, 1): 1}
            assert candidate([]) == {}
            big = candidate([i % 7 for i in range(70000)])
            assert len(big) == 7 and sum(big.values()) == 69999
        ''', "pair_counts"),
    humaneval("s4-he-global-counter-read-by-test", r'''
        CALLS = 0


        def add(x: int, y: int) -> int:
            global CALLS
            CALLS += 1
            return x + y
        ''', r'''
        def check(candidate):
            import random
            for _ in range(100):
                x, y = random.randint(0, 1000), random.randint(0, 1000)
                assert candidate(x, y) == x + y
            assert candidate(2, 3) == 5
        ''', "add"),
    humaneval("s4-he-sorted-big-list-returned", r'''
        from typing import List


        def sort_by_ones(arr: List[int]) -> List[int]:
            return sorted(sorted(arr), key=lambda x: bin(x)[2:].count('1'))
        ''', r'''
        def check(candidate):
            assert candidate([1, 5, 2, 3, 4]) == [1, 2, 4, 3, 5]
            assert candidate([1, 0, 2, 3, 4]) == [0, 1, 2, 4, 3]
            big = list(range(100000, 0, -1))
            out = candidate(big)
            assert out[:4] == [1, 2, 4, 8] and len(out) == 100000
            assert big[0] == 100000
        ''', "sort_by_ones"),
    humaneval("s4-he-random-in-completion", r'''
        import random


        def quickselect(xs, k):
            """k-th smallest (0-based) by randomized quickselect."""
            xs = list(xs)
            while True:
                pivot = random.choice(xs)
                lo = [x for x in xs if x < pivot]
                eq = [x for x in xs if x == pivot]
                if k < len(lo):
                    xs = lo
                elif k < len(lo) + len(eq):
                    return pivot
                else:
                    k -= len(lo) + len(eq)
                    xs = [x for x in xs if x > pivot]
        ''', r'''
        def check(candidate):
            import random
            random.seed(0)
            for _ in range(50):
                xs = [random.randint(0, 100) for _ in range(50)]
                k = random.randrange(50)
                assert candidate(xs, k) == sorted(xs)[k]
        ''', "quickselect"),
    humaneval("s4-he-isinstance-abc-argument", r'''
        from collections.abc import Iterable


        def flatten(xs):
            out = []
            for x in xs:
                if isinstance(x, Iterable) and not isinstance(x, (str, bytes)):
                    out.extend(flatten(x))
                else:
                    out.append(x)
            return out
        ''', r'''
        def check(candidate):
            assert candidate([1, [2, [3, [4]]], (5, 6), "ab"]) == [1, 2, 3, 4, 5, 6, "ab"]
            assert candidate([]) == []
            assert candidate([[[]]]) == []
        ''', "flatten"),
    asserts("s4-mbpp-plus-big-input-list", r'''
        def find_Max_Num(arr):
            arr = sorted(arr, reverse=True)
            num = arr[0]
            for i in arr[1:]:
                num = num * 10 + i
            return num
        ''', ["assert find_Max_Num([1,2,3]) == 321", "assert find_Max_Num([4,5,6,1]) == 6541",
              "assert find_Max_Num([9] * 4000) == int('9' * 4000)"]),
    asserts("s4-mbpp-module-state-between-tests", r'''
        _seen = set()

        def first_repeated_char(s):
            _seen.clear()
            for c in s:
                if c in _seen:
                    return c
                _seen.add(c)
            return None
        ''', ['assert first_repeated_char("abcabc") == "a"', 'assert first_repeated_char("abc") == None',
              'assert first_repeated_char("123123") == "1"']),
    asserts("s4-mbpp-setup-imports-math", r'''
        def area_polygon(s, l):
            return s * (l ** 2) / (4 * tan(pi / s))
        ''', ["assert isclose(area_polygon(4, 20), 400.00000000000006)",
              "assert isclose(area_polygon(10, 15), 1731.1969896610804)"],
        setup="from math import tan, pi, isclose"),
    asserts("s4-mbpp-returns-set-compare", r'''
        def unique_sublists(list1):
            result = {}
            for l in list1:
                result.setdefault(tuple(l), list()).append(1)
            for a, b in result.items():
                result[a] = sum(b)
            return result
        ''', ["assert unique_sublists([[1, 3], [5, 7], [1, 3], [13, 15, 17], [5, 7], [9, 11]]) == "
              "{(1, 3): 2, (5, 7): 2, (13, 15, 17): 1, (9, 11): 1}",
              "assert unique_sublists([['john']]) == {('john',): 1}"]),
    lc("s4-lcd-long-linked-list-argument", r'''
        class Solution:
            def middleNode(self, head: Optional[ListNode]) -> Optional[ListNode]:
                slow = fast = head
                while fast and fast.next:
                    slow = slow.next
                    fast = fast.next.next
                return slow
        ''', "middleNode", r'''
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([3, 4, 5]))
            assert is_same_list(candidate(head=list_node(list(range(1, 301)))), list_node(list(range(151, 301))))
        '''),
    lc("s4-lcd-long-linked-list-returned", r'''
        class Solution:
            def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
                prev = None
                while head:
                    head.next, prev, head = prev, head, head.next
                return prev
        ''', "reverseList", r'''
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([5, 4, 3, 2, 1]))
            assert is_same_list(candidate(head=list_node(list(range(5000)))), list_node(list(range(4999, -1, -1))))
        '''),
    lc("s4-lcd-skewed-tree-argument", r'''
        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                depth = 0
                stack = [(root, 1)] if root else []
                while stack:
                    node, d = stack.pop()
                    depth = max(depth, d)
                    for child in (node.left, node.right):
                        if child:
                            stack.append((child, d + 1))
                return depth
        ''', "maxDepth", r'''
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 2 + 1
            skew = [1]
            for i in range(2, 1001):
                skew += [None, i]
            assert candidate(root=tree_node(skew)) == 1000
        '''),
    lc("s4-lcd-tree-returned-big", r'''
        class Solution:
            def sortedArrayToBST(self, nums: List[int]) -> Optional[TreeNode]:
                def build(lo, hi):
                    if lo > hi:
                        return None
                    mid = (lo + hi) // 2
                    return TreeNode(nums[mid], build(lo, mid - 1), build(mid + 1, hi))
                return build(0, len(nums) - 1)
        ''', "sortedArrayToBST", r'''
        def check(candidate):
            def inorder(node, out):
                if node:
                    inorder(node.left, out)
                    out.append(node.val)
                    inorder(node.right, out)
                return out
            assert inorder(candidate(nums=[-10, -3, 0, 5, 9]), []) == [-10, -3, 0, 5, 9]
            assert inorder(candidate(nums=list(range(3000))), []) == list(range(3000))
        '''),
    lc("s4-lcd-recursion-deep-inner-cache", r'''
        class Solution:
            def climbStairs(self, n: int) -> int:
                import sys
                sys.setrecursionlimit(100000)

                @lru_cache(maxsize=None)
                def go(i):
                    if i <= 1:
                        return 1
                    return go(i - 1) + go(i - 2)

                return go(n)
        ''', "climbStairs", r'''
        def check(candidate):
            assert candidate(n=2) == 2
            assert candidate(n=3) == 3
            assert candidate(n=45) == 1836311903
            assert candidate(n=5000) % 1000 == candidate(n=5000) % 1000
        '''),
    lc("s4-lcd-grid-big-in-place", r'''
        class Solution:
            def setZeroes(self, matrix: List[List[int]]) -> None:
                rows = {i for i, r in enumerate(matrix) for v in r if v == 0}
                cols = {j for r in matrix for j, v in enumerate(r) if v == 0}
                for i, r in enumerate(matrix):
                    for j in range(len(r)):
                        if i in rows or j in cols:
                            r[j] = 0
        ''', "setZeroes", r'''
        def check(candidate):
            m = [[1, 1, 1], [1, 0, 1], [1, 1, 1]]
            candidate(matrix=m)
            assert m == [[1, 0, 1], [0, 0, 0], [1, 0, 1]]
            big = [[1] * 200 for _ in range(200)]
            big[5][7] = 0
            candidate(matrix=big)
            assert sum(map(sum, big)) == 199 * 199
            assert big[5] == [0] * 200
        '''),
    lc("s4-lcd-heap-of-lists-kth-smallest", r'''
        class Solution:
            def kSmallestPairs(self, nums1: List[int], nums2: List[int], k: int) -> List[List[int]]:
                if not nums1 or not nums2:
                    return []
                heap = [[nums1[i] + nums2[0], i, 0] for i in range(min(k, len(nums1)))]
                heapify(heap)
                res = []
                while heap and len(res) < k:
                    _, i, j = heappop(heap)
                    res.append([nums1[i], nums2[j]])
                    if j + 1 < len(nums2):
                        heappush(heap, [nums1[i] + nums2[j + 1], i, j + 1])
                return res
        ''', "kSmallestPairs", r'''
        def check(candidate):
            assert candidate(nums1=[1, 7, 11], nums2=[2, 4, 6], k=3) == [[1, 2], [1, 4], [1, 6]]
            assert candidate(nums1=[1, 2], nums2=[3], k=3) == [[1, 3], [2, 3]]
        '''),
    stdio("s4-cf-huge-input-tokens", r'''
        import sys
        data = sys.stdin.buffer.read().split()
        n = int(data[0])
        a = list(map(int, data[1:n + 1]))
        print(sum(a), max(a), min(a))
        ''', [("300000\n" + " ".join(str(10 ** 9 - i) for i in range(300000)) + "\n",
               f"{sum(10 ** 9 - i for i in range(300000))} {10 ** 9} {10 ** 9 - 299999}\n")]),
    stdio("s4-cf-many-tests-many-lines", r'''
        import sys
        input = sys.stdin.readline
        t = int(input())
        out = []
        for _ in range(t):
            a, b = map(int, input().split())
            out.append(str(a ^ b))
        sys.stdout.write("\n".join(out) + "\n")
        ''', [("100000\n" + "".join(f"{i} {i * 3}\n" for i in range(100000)),
               _lines(i ^ (i * 3) for i in range(100000)))]),
    stdio("s4-cf-thread-stack-size-recursion-deep", r'''
        import sys
        import threading
        sys.setrecursionlimit(10 ** 6)
        threading.stack_size(2 ** 26)


        def main():
            n = int(input())

            def f(k):
                return 0 if k == 0 else f(k - 1) + k

            print(f(n))


        threading.Thread(target=main).start()
        ''', [("100000\n", f"{100000 * 100001 // 2}\n")]),
    stdio("s4-cf-sys-stdout-buffer-write", r'''
        import sys
        n = int(sys.stdin.readline())
        sys.stdout.buffer.write(("\n".join(str(i * i) for i in range(n)) + "\n").encode())
        ''', [("50000\n", _lines(i * i for i in range(50000)))]),
    stdio("s4-cf-os-write-fd1", r'''
        import os
        n = int(input())
        os.write(1, (" ".join(map(str, range(n))) + "\n").encode())
        ''', [("1000\n", " ".join(map(str, range(1000))) + "\n")]),
    stdio("s4-cf-numpy-in-stdin-program", r'''
        import sys
        import numpy as np
        data = sys.stdin.read().split()
        n = int(data[0])
        a = np.array(data[1:n + 1], dtype=np.int64)
        print(int(a.sum()), int((a % 2 == 0).sum()))
        print("%.6f" % a.mean())
        ''', [("5\n1 2 3 4 5\n", "15 2\n3.000000\n")]),
    stdio("s4-cf-print-no-final-newline", r'''
        n = int(input())
        print(' '.join(str(i) for i in range(n)), end='')
        ''', [("5\n", "0 1 2 3 4\n")]),
    stdio("s4-cf-math-star-import", r'''
        from math import *
        a, b, c = map(float, input().split())
        d = b * b - 4 * a * c
        if d < 0:
            print("No real roots")
        else:
            r1 = (-b - sqrt(d)) / (2 * a)
            r2 = (-b + sqrt(d)) / (2 * a)
            print("%.6f %.6f" % (min(r1, r2), max(r1, r2)))
        print(ceil(a), floor(c), gcd(int(a), int(b)))
        ''', [("1 -3 2\n", "1.000000 2.000000\n1 2 1\n"), ("1 0 1\n", "No real roots\n1 1 1\n")]),
    stdio("s4-cf-exit-inside-function-loop", r'''
        import sys


        def solve():
            n = int(sys.stdin.readline())
            seen = set()
            for x in map(int, sys.stdin.readline().split()):
                if x in seen:
                    print(x)
                    sys.exit(0)
                seen.add(x)
            print(-1)


        solve()
        print("unreachable debug")  if False else None
        ''', [("5\n3 1 4 1 5\n", "1\n"), ("3\n1 2 3\n", "-1\n")]),
    stdio("s4-cf-stdin-assign-open0", r'''
        import sys
        sys.stdin = open(0)
        n = int(input())
        print(sum(int(input()) for _ in range(n)))
        ''', [("3\n10\n20\n30\n", "60\n")]),
    stdio("s4-cf-yes-no-many-cases-stdout-write", r'''
        import sys
        r = sys.stdin.readline
        w = sys.stdout.write
        for _ in range(int(r())):
            s = r().strip()
            w("YES\n" if s == s[::-1] else "NO\n")
        ''', [("4\nabba\nabc\nx\n  aa  \n", "YES\nNO\nYES\nYES\n")]),
    stdio("s4-cf-exit-with-string-message", r'''
        n = int(input())
        if n < 0:
            exit("bad input")
        print(n * 2)
        ''', [("21\n", "42\n")]),
]

CASES: list[Case] = [*HUMANEVAL, *MBPP, *LEETCODE, *STDIO, *LARGER]
