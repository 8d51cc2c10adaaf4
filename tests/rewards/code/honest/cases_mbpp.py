"""MBPP-style rows: a function (or a few) and ``test_list`` asserts, optionally ``test_setup_code``.

The asserts name the completion's functions directly, and, as in MBPP, may lean on the completion's own imports
(``math.isclose`` with ``import math`` only in the code) and on functions named like builtins (MBPP task 126 defines
``sum``)."""

from __future__ import annotations

from . import Case, asserts

CASES: list[Case] = [
    # --- plain functions
    asserts("remove-char", """
        def remove_char(s, ch):
            return s.replace(ch, "")
        """, ['assert remove_char("hello", "l") == "heo"', 'assert remove_char("aaa", "a") == ""',
              'assert remove_char("abc", "z") == "abc"']),
    asserts("sort-matrix-rows", """
        def sort_matrix(m):
            return sorted(m, key=sum)
        """, ["assert sort_matrix([[1, 2, 3], [2, 4, 5], [1, 1, 1]]) == [[1, 1, 1], [1, 2, 3], [2, 4, 5]]",
              "assert sort_matrix([]) == []"]),
    asserts("shared-elements-tuple", """
        def similar_elements(a, b):
            return tuple(sorted(set(a) & set(b)))
        """, ["assert similar_elements((3, 4, 5, 6), (5, 7, 4, 10)) == (4, 5)",
              "assert similar_elements((1, 2), (3, 4)) == ()"]),
    asserts("is-not-prime", """
        def is_not_prime(n):
            if n < 2:
                return True
            return any(n % d == 0 for d in range(2, int(n ** 0.5) + 1))
        """, ["assert is_not_prime(2) == False", "assert is_not_prime(10) == True",
              "assert is_not_prime(35) == True"]),
    asserts("heap-largest", """
        import heapq as hq


        def heap_queue_largest(nums, n):
            return hq.nlargest(n, nums)
        """, ["assert heap_queue_largest([25, 35, 22, 85, 14, 65, 75, 22, 58], 3) == [85, 75, 65]",
              "assert heap_queue_largest([1], 1) == [1]"]),
    asserts("square-lambda-map", """
        def square_nums(nums):
            return list(map(lambda x: x ** 2, nums))
        """, ["assert square_nums([1, 2, 3]) == [1, 4, 9]", "assert square_nums([]) == []",
              "assert square_nums([10, 20]) == ([100, 400])"]),
    asserts("rotations", """
        def find_rotations(s):
            doubled = s + s
            for i in range(1, len(s) + 1):
                if doubled[i:i + len(s)] == s:
                    return i
            return len(s)
        """, ['assert find_rotations("aaaa") == 1', 'assert find_rotations("ab") == 2',
              'assert find_rotations("abc") == 3']),
    asserts("n-smallest", """
        import heapq


        def small_nnum(items, n):
            return heapq.nsmallest(n, items)
        """, ["assert small_nnum([10, 20, 50, 70, 90, 20, 50], 2) == [10, 20]"]),
    asserts("string-to-tuple", """
        def string_to_tuple(s):
            return tuple(ch for ch in s if not ch.isspace())
        """, ['assert string_to_tuple("py 3") == ("p", "y", "3")', 'assert string_to_tuple("") == ()']),
    asserts("dict-return", """
        def char_freq(s):
            freq = {}
            for ch in s:
                freq[ch] = freq.get(ch, 0) + 1
            return freq
        """, ["assert char_freq('abca') == {'a': 2, 'b': 1, 'c': 1}", "assert char_freq('') == {}"]),
    asserts("regex-found-a-match", """
        import re


        def text_match(text):
            if re.search(r"^[a-z]+_[a-z]+$", text):
                return "Found a match!"
            return "Not matched!"
        """, ["assert text_match('aab_cbbbc') == ('Found a match!')",
              "assert text_match('aab_Abbbc') == ('Not matched!')"]),
    asserts("float-exact-compare", """
        def average(lst):
            return sum(lst) / len(lst)
        """, ["assert average([15, 9, 55, 41, 35, 20, 62, 49]) == 35.75", "assert average([1, 2, 3]) == 2"]),
    asserts("is-none-result", """
        def profit_amount(cost, sale):
            return cost - sale if cost > sale else None
        """, ["assert profit_amount(1500, 1200) == 300", "assert profit_amount(100, 200) == None",
              "assert profit_amount(1, 2) is None"]),
    asserts("tuple-of-tuples", """
        def pair_up(a, b):
            return tuple(zip(a, b))
        """, ["assert pair_up((1, 2), ('a', 'b')) == ((1, 'a'), (2, 'b'))"]),
    asserts("list-of-tuples-filter", """
        def remove_empty(tuples):
            return [t for t in tuples if t]
        """, ["assert remove_empty([(), ('a',), (), ('b', 'c')]) == [('a',), ('b', 'c')]"]),
    asserts("string-to-list-join", """
        def join_words(words, sep):
            return sep.join(words)
        """, ["assert join_words(['a', 'b'], '-') == 'a-b'", "assert join_words([], ',') == ''"]),
    asserts("big-int-power", """
        def power(a, b):
            return a ** b
        """, ["assert power(3, 4) == 81", "assert power(2, 100) == 1267650600228229401496703205376"]),
    asserts("negative-numbers", """
        def neg_nos(nums):
            return [n for n in nums if n < 0]
        """, ["assert neg_nos([-1, 4, 5, -6]) == [-1, -6]", "assert neg_nos([1, 2]) == []"]),
    asserts("nested-list-flatten", """
        def flatten_list(items):
            out = []
            for x in items:
                if isinstance(x, list):
                    out.extend(flatten_list(x))
                else:
                    out.append(x)
            return out
        """, ["assert flatten_list([0, 10, [20, 30], 40, [[50], 60]]) == [0, 10, 20, 30, 40, 50, 60]"]),
    asserts("binary-to-decimal", """
        def binary_to_decimal(binary):
            return int(str(binary), 2)
        """, ["assert binary_to_decimal(100) == 4", "assert binary_to_decimal(1011) == 11"]),
    asserts("first-duplicate", """
        def find_first_duplicate(nums):
            seen = set()
            for n in nums:
                if n in seen:
                    return n
                seen.add(n)
            return -1
        """, ["assert find_first_duplicate([1, 2, 3, 4, 4, 5]) == 4", "assert find_first_duplicate([1, 2]) == -1"]),
    asserts("max-sublist-sum", """
        def maximum_sum(lists):
            return max(sum(x) for x in lists)
        """, ["assert maximum_sum([[1, 2, 3], [4, 5, 6], [10, 11, 12]]) == 33"]),
    asserts("upper-ctr", """
        def upper_ctr(s):
            return sum(1 for c in s if c.isupper())
        """, ["assert upper_ctr('PYthon') == 2", "assert upper_ctr('abc') == 0"]),
    asserts("is-woodall", """
        def is_woodall(x):
            n = 1
            while n * 2 ** n - 1 <= x:
                if n * 2 ** n - 1 == x:
                    return True
                n += 1
            return False
        """, ["assert is_woodall(383) == True", "assert is_woodall(254) == False"]),
    asserts("multiples-range", """
        def multiples_of_num(m, n):
            return list(range(n, (m + 1) * n, n))
        """, ["assert multiples_of_num(4, 3) == [3, 6, 9, 12]", "assert multiples_of_num(2, 5) == [5, 10]"]),
    asserts("sets-in-asserts", """
        def find_dissimilar(a, b):
            return tuple(sorted(set(a) ^ set(b)))
        """, ["assert set(find_dissimilar((3, 4, 5, 6), (5, 7, 4, 10))) == {3, 6, 7, 10}"]),
    asserts("set-return", """
        def common_chars(a, b):
            return set(a) & set(b)
        """, ["assert common_chars('abc', 'bcd') == {'b', 'c'}", "assert common_chars('a', 'b') == set()"]),
    asserts("str-of-list", """
        def sort_list_str(items):
            return str(sorted(items))
        """, ["assert sort_list_str([3, 1, 2]) == '[1, 2, 3]'"]),
    asserts("two-functions-chained", """
        def to_celsius(f):
            return (f - 32) * 5 / 9


        def to_fahrenheit(c):
            return c * 9 / 5 + 32
        """, ["assert to_fahrenheit(to_celsius(212)) == 212", "assert to_celsius(32) == 0"]),
    asserts("recursion-fib", """
        def fibonacci(n):
            if n < 2:
                return n
            return fibonacci(n - 1) + fibonacci(n - 2)
        """, ["assert fibonacci(7) == 13", "assert fibonacci(8) == 21", "assert fibonacci(9) == 34"]),
    asserts("recursion-setrecursionlimit", """
        import sys

        sys.setrecursionlimit(20000)


        def sum_to(n):
            return 0 if n == 0 else n + sum_to(n - 1)
        """, ["assert sum_to(6000) == 18003000"]),
    asserts("generator-listed-in-assert", """
        def gen_evens(n):
            for i in range(n):
                if i % 2 == 0:
                    yield i
        """, ["assert list(gen_evens(7)) == [0, 2, 4, 6]", "assert sum(gen_evens(5)) == 6"]),
    asserts("lambda-defined-function", """
        area = lambda r: 3.14 * r * r  # noqa: E731
        """, ["assert area(10) == 314.0", "assert area(1) == 3.14"]),
    asserts("default-argument", """
        def split_two_parts(items, n=2):
            return items[:n], items[n:]
        """, ["assert split_two_parts([1, 1, 2, 3, 4, 4, 5, 1], 3) == ([1, 1, 2], [3, 4, 4, 5, 1])",
              "assert split_two_parts(['a', 'b', 'c']) == (['a', 'b'], ['c'])"]),
    asserts("tuple-unpack-in-assert", """
        def div_mod(a, b):
            return a // b, a % b
        """, ["q, r = div_mod(17, 5)\nassert (q, r) == (3, 2)", "assert div_mod(-7, 2) == (-4, 1)"]),
    asserts("string-methods", """
        def toggle_string(s):
            return s.swapcase()
        """, ["assert toggle_string('Python') == 'pYTHON'", "assert toggle_string('LIttLE') == 'liTTle'"]),
    asserts("float-round-in-assert", """
        import math


        def sphere_volume(r):
            return 4 / 3 * math.pi * r ** 3
        """, ["assert round(sphere_volume(10), 2) == 4188.79", "assert round(sphere_volume(1), 4) == 4.1888"]),
    asserts("bool-returns", """
        def check_monthnumb(monthnum):
            return monthnum in (1, 3, 5, 7, 8, 10, 12)
        """, ["assert check_monthnumb(5) == True", "assert check_monthnumb(2) == False",
              "assert check_monthnumb(6) is False"]),
    asserts("dict-sort-items", """
        def sort_counter(d):
            return sorted(d.items(), key=lambda kv: kv[1], reverse=True)
        """, ["assert sort_counter({'Math': 81, 'Physics': 83, 'Chemistry': 87}) == "
              "[('Chemistry', 87), ('Physics', 83), ('Math', 81)]"]),
    asserts("bytes-function", """
        def to_bytes_le(n, width):
            return n.to_bytes(width, "little")
        """, ["assert to_bytes_le(1, 2) == b'\\x01\\x00'", "assert to_bytes_le(258, 2) == b'\\x02\\x01'"]),
    asserts("complex-function", """
        import cmath


        def polar_form(z):
            return cmath.polar(z)
        """, ["assert polar_form(1) == (1.0, 0.0)", "assert polar_form(4) == (4.0, 0.0)"]),
    asserts("complex-return", """
        def conj_product(z):
            return z * z.conjugate()
        """, ["assert conj_product(3 + 4j) == 25 + 0j", "assert conj_product(1j) == (1+0j)"]),
    asserts("class-defined-and-used", """
        class Pair:
            def __init__(self, a, b):
                self.a = a
                self.b = b


        def max_chain_length(pairs, n):
            pairs = sorted(pairs, key=lambda p: p.b)
            count, end = 0, float("-inf")
            for p in pairs[:n]:
                if p.a > end:
                    count, end = count + 1, p.b
            return count
        """, ["assert max_chain_length([Pair(5, 24), Pair(15, 25), Pair(27, 40), Pair(50, 60)], 4) == 3",
              "assert max_chain_length([Pair(1, 2), Pair(3, 4), Pair(5, 6), Pair(7, 8)], 4) == 4"]),
    asserts("class-methods-in-asserts", """
        class Rectangle:
            def __init__(self, w, h):
                self.w, self.h = w, h

            def area(self):
                return self.w * self.h
        """, ["assert Rectangle(2, 3).area() == 6", "assert Rectangle(0, 5).area() == 0"]),
    asserts("dataclass-in-code", """
        from dataclasses import dataclass


        @dataclass
        class Item:
            name: str
            price: float


        def cheapest(rows):
            items = [Item(n, p) for n, p in rows]
            return min(items, key=lambda it: it.price).name
        """, ["assert cheapest([('a', 3.0), ('b', 1.5)]) == 'b'", "assert cheapest([('x', 1)]) == 'x'"]),
    asserts("dataclass-instance-attrs", """
        from dataclasses import dataclass


        @dataclass
        class Point:
            x: int
            y: int


        def mirror(x, y):
            return Point(y, x)
        """, ["assert mirror(1, 2).x == 2", "assert mirror(1, 2).y == 1"]),
    asserts("closure-counter", """
        def make_multiplier(n):
            return lambda x: x * n
        """, ["assert make_multiplier(3)(4) == 12", "assert make_multiplier(0)(9) == 0"]),
    asserts("future-annotations", """
        from __future__ import annotations


        def pairwise_sums(xs: list[int]) -> list[int]:
            return [a + b for a, b in zip(xs, xs[1:])]
        """, ["assert pairwise_sums([1, 2, 3]) == [3, 5]", "assert pairwise_sums([1]) == []"]),
    asserts("typing-annotations", """
        from typing import List, Tuple


        def min_max_pair(xs: List[int]) -> Tuple[int, int]:
            return (min(xs), max(xs))
        """, ["assert min_max_pair([3, 9, 1]) == (1, 9)"]),
    # --- tests that lean on the completion's own imports (as MBPP's do)
    asserts("test-uses-completions-import-math", """
        import math


        def circle_area(r):
            return math.pi * r * r
        """, ["assert math.isclose(circle_area(10), 314.1592653589793, rel_tol=0.001)",
              "assert math.isclose(circle_area(1), math.pi)"]),
    asserts("test-uses-completions-import-math-floor", """
        import math


        def wind_chill(v, t):
            return int(round(13.12 + 0.6215 * t - 11.37 * math.pow(v, 0.16) + 0.3965 * t * math.pow(v, 0.16), 0))
        """, ["assert wind_chill(120, 35) == 40", "assert math.floor(wind_chill(40, 20)) == 19"]),
    asserts("test-uses-completions-counter", """
        from collections import Counter


        def count_chars(s):
            return Counter(s)
        """, ["assert count_chars('aab') == Counter({'a': 2, 'b': 1})", "assert count_chars('')['z'] == 0"]),
    asserts("test-uses-completions-re", """
        import re


        def strip_digits(s):
            return re.sub(r"\\d", "", s)
        """, ["assert strip_digits('a1b2') == 'ab'", "assert re.fullmatch('[a-z]*', strip_digits('x9y'))"]),
    asserts("test-setup-import-math", """
        import math


        def hypot(a, b):
            return math.sqrt(a * a + b * b)
        """, ["assert math.isclose(hypot(3, 4), 5.0)"], setup="import math"),
    asserts("test-setup-defines-data", """
        def total_price(cart):
            return sum(qty * price for qty, price in cart)
        """, ["assert total_price(CART) == 7.5", "assert total_price(CART[:1]) == 2.0"],
            setup="CART = [(1, 2.0), (2, 1.25), (1, 3.0)]"),
    asserts("test-setup-defines-helper", """
        def reverse_list(items):
            return items[::-1]
        """, ["assert is_reversed([1, 2, 3], reverse_list([1, 2, 3]))"],
            setup="def is_reversed(a, b):\n    return a == b[::-1]\n"),
    # --- functions named like builtins
    asserts("named-sum", """
        def sum(a, b):
            total = 0
            for i in range(1, min(a, b) + 1):
                if a % i == 0 and b % i == 0:
                    total += i
            return total
        """, ["assert sum(10, 15) == 6", "assert sum(100, 150) == 93", "assert sum(4, 6) == 3"]),
    asserts("named-max", """
        def max(a, b):
            return a if a >= b else b
        """, ["assert max(1, 2) == 2", "assert max(-1, -2) == -1"]),
    asserts("named-min-of-three", """
        def min(a, b, c):
            smallest = a
            if b < smallest:
                smallest = b
            if c < smallest:
                smallest = c
            return smallest
        """, ["assert min(10, 20, 0) == 0", "assert min(19, 15, 18) == 15"]),
    asserts("named-pow-mod", """
        def pow(a, b):
            result = 1
            for _ in range(b):
                result *= a
            return result % 1000
        """, ["assert pow(2, 10) == 24", "assert pow(3, 3) == 27"]),
    asserts("named-round-to-ten", """
        def round(n):
            return (n + 5) // 10 * 10
        """, ["assert round(4722) == 4720", "assert round(1111) == 1110", "assert round(219) == 220"]),
    asserts("named-filter", """
        def filter(nums):
            return [n for n in nums if n % 2 == 1]
        """, ["assert filter([1, 2, 3, 4, 5]) == [1, 3, 5]", "assert filter([2]) == []"]),
    asserts("named-len", """
        def len(s):
            count = 0
            for _ in s.split():
                count += 1
            return count
        """, ["assert len('a b c') == 3", "assert len('') == 0"]),
    # --- asserts written as several statements, and expected errors
    asserts("multi-statement-test", """
        def add_item(d, k, v):
            d = dict(d)
            d[k] = v
            return d
        """, ["d = {'a': 1}\nr = add_item(d, 'b', 2)\nassert r == {'a': 1, 'b': 2}\nassert d == {'a': 1}"]),
    asserts("try-except-in-test", """
        def safe_div(a, b):
            if b == 0:
                raise ZeroDivisionError("b is zero")
            return a / b
        """, ["assert safe_div(6, 3) == 2",
              "try:\n    safe_div(1, 0)\nexcept ZeroDivisionError:\n    pass\nelse:\n    raise AssertionError"]),
    asserts("mutates-argument", """
        def append_twice(items, x):
            items.append(x)
            items.append(x)
            return items
        """, ["lst = [1]\nappend_twice(lst, 2)\nassert lst == [1, 2, 2]", "assert append_twice([], 0) == [0, 0]"]),
    asserts("range-argument", """
        def count_even(values):
            return sum(1 for v in values if v % 2 == 0)
        """, ["assert count_even(range(10)) == 5", "assert count_even(range(1, 2)) == 0"]),
    # --- collections and number types as answers
    asserts("ordereddict-return", """
        from collections import OrderedDict


        def first_letters(words):
            out = OrderedDict()
            for w in words:
                out.setdefault(w[0], w)
            return out
        """, ["assert first_letters(['apple', 'bob', 'avocado']) == {'a': 'apple', 'b': 'bob'}",
              "assert list(first_letters(['z', 'y'])) == ['z', 'y']"]),
    asserts("defaultdict-return", """
        from collections import defaultdict


        def grouping_dictionary(pairs):
            out = defaultdict(list)
            for k, v in pairs:
                out[k].append(v)
            return out
        """, ["assert grouping_dictionary([('a', 1), ('b', 2), ('a', 3)]) == {'a': [1, 3], 'b': [2]}"]),
    asserts("counter-most-common", """
        from collections import Counter


        def most_common_elem(s, a):
            return Counter(s).most_common(a)
        """, ["assert most_common_elem('lkseropewdssafsdfafkpwe', 3) == [('s', 4), ('e', 3), ('f', 3)]"]),
    asserts("counter-return-dict-compare", """
        from collections import Counter


        def freq(items):
            return Counter(items)
        """, ["assert freq([1, 1, 2]) == {1: 2, 2: 1}", "assert freq('') == {}"]),
    asserts("deque-return", """
        from collections import deque


        def last_n(items, n):
            return deque(items, maxlen=n)
        """, ["assert list(last_n([1, 2, 3, 4], 2)) == [3, 4]", "assert len(last_n('abc', 5)) == 3"]),
    asserts("namedtuple-return", """
        from collections import namedtuple

        Student = namedtuple("Student", "name grade")


        def top_student(rows):
            return Student(*max(rows, key=lambda r: r[1]))
        """, ["assert top_student([('a', 3), ('b', 9)]) == ('b', 9)",
              "assert top_student([('a', 3)]).name == 'a'"]),
    asserts("decimal-return", """
        from decimal import ROUND_HALF_UP, Decimal


        def round_money(x):
            return Decimal(str(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        """, ["assert round_money(2.675) == Decimal('2.68')", "assert str(round_money(1)) == '1.00'"],
            setup="from decimal import Decimal"),
    asserts("fraction-return", """
        from fractions import Fraction


        def to_fraction(a, b):
            return Fraction(a, b)
        """, ["assert to_fraction(2, 4) == Fraction(1, 2)", "assert to_fraction(3, 1) == 3"],
            setup="from fractions import Fraction"),
    asserts("numpy-scalar-return", """
        import numpy as np


        def count_positive(values):
            return np.count_nonzero(np.array(values) > 0)
        """, ["assert count_positive([1, -2, 3]) == 2", "assert count_positive([]) == 0"]),
    asserts("numpy-float64-return", """
        import numpy as np


        def std_dev(values):
            return np.std(values)
        """, ["assert round(std_dev([2, 4, 4, 4, 5, 5, 7, 9]), 6) == 2.0"]),
    asserts("numpy-array-tolist", """
        import numpy as np


        def identity(n):
            return np.eye(n, dtype=int)
        """, ["assert identity(2).tolist() == [[1, 0], [0, 1]]", "assert identity(3).sum() == 3"]),
    asserts("frozenset-return", """
        def distinct(items):
            return frozenset(items)
        """, ["assert distinct([1, 1, 2]) == frozenset({1, 2})", "assert distinct([]) == frozenset()"]),
    asserts("tuple-with-list-inside", """
        def split_even_odd(nums):
            return ([n for n in nums if n % 2 == 0], [n for n in nums if n % 2])
        """, ["assert split_even_odd([1, 2, 3, 4]) == ([2, 4], [1, 3])"]),
    asserts("inf-return", """
        def min_or_inf(nums):
            return min(nums, default=float("inf"))
        """, ["assert min_or_inf([]) == float('inf')", "assert min_or_inf([3, 2]) == 2"]),
    asserts("unicode-return", """
        def reverse_string(s):
            return s[::-1]
        """, ["assert reverse_string('héllo') == 'olléh'", "assert reverse_string('✓a') == 'a✓'"]),
    asserts("string-with-newlines", """
        def lines_to_list(text):
            return text.split("\\n")
        """, ["assert lines_to_list('a\\nb') == ['a', 'b']"]),
    asserts("whitespace-in-asserts", """
        def left_rotate(s, d):
            return s[d:] + s[:d]
        """, ['assert left_rotate("python",2) == "thonpy"   ', 'assert left_rotate("bigdata",3 ) == "databig" ']),
    asserts("crlf-code", "def add_one(x):\r\n    return x + 1\r\n", ["assert add_one(1) == 2"]),
    asserts("tabs-indented-code", "def mul(a, b):\n\treturn a * b\n", ["assert mul(3, 4) == 12"]),
    asserts("semicolons-and-one-liners", """
        def swap(a, b): a, b = b, a; return (a, b)  # noqa: E702
        """, ["assert swap(1, 2) == (2, 1)"]),
    asserts("global-constant", """
        R = 3
        C = 3


        def min_cost(cost, m, n):
            tc = [[0] * C for _ in range(R)]
            tc[0][0] = cost[0][0]
            for i in range(1, m + 1):
                tc[i][0] = tc[i - 1][0] + cost[i][0]
            for j in range(1, n + 1):
                tc[0][j] = tc[0][j - 1] + cost[0][j]
            for i in range(1, m + 1):
                for j in range(1, n + 1):
                    tc[i][j] = min(tc[i - 1][j - 1], tc[i - 1][j], tc[i][j - 1]) + cost[i][j]
            return tc[m][n]
        """, ["assert min_cost([[1, 2, 3], [4, 8, 2], [1, 5, 3]], 2, 2) == 8"]),
    asserts("nested-function-call-in-args", """
        def count_ways(n):
            a, b = [0] * (n + 1), [0] * (n + 1)
            a[0], b[1] = 1, 1
            for i in range(2, n + 1):
                a[i] = a[i - 2] + 2 * b[i - 1]
                b[i] = a[i - 1] + b[i - 2]
            return a[n]
        """, ["assert count_ways(2) == 3", "assert count_ways(8) == 153", "assert count_ways(12) == 2131"]),
    asserts("itertools-groupby", """
        from itertools import groupby


        def encode_list(items):
            return [[len(list(g)), k] for k, g in groupby(items)]
        """, ["assert encode_list([1, 1, 2, 3, 4, 4.3, 5, 1]) == "
              "[[2, 1], [1, 2], [1, 3], [1, 4], [1, 4.3], [1, 5], [1, 1]]"]),
    asserts("functools-reduce", """
        from functools import reduce


        def product(nums):
            return reduce(lambda a, b: a * b, nums, 1)
        """, ["assert product([1, 2, 3, 4]) == 24", "assert product([]) == 1"]),
    asserts("bisect", """
        import bisect


        def left_insertion(a, x):
            return bisect.bisect_left(a, x)
        """, ["assert left_insertion([1, 2, 4, 5], 6) == 4", "assert left_insertion([1, 2, 4, 5], 3) == 2"]),
    asserts("string-module", """
        import string


        def is_pangram(s):
            return set(string.ascii_lowercase) <= set(s.lower())
        """, ["assert is_pangram('The quick brown fox jumps over the lazy dog')", "assert not is_pangram('abc')"]),
    asserts("sorted-with-key-tuple", """
        def sort_tuple(tuples):
            return sorted(tuples, key=lambda t: t[-1])
        """, ["assert sort_tuple([(1, 3), (3, 2), (2, 1)]) == [(2, 1), (3, 2), (1, 3)]"]),
    asserts("heavy-loop-cheap", """
        def count_primes(n):
            sieve = bytearray([1]) * (n + 1)
            sieve[0:2] = b"\\x00\\x00"
            for i in range(2, int(n ** 0.5) + 1):
                if sieve[i]:
                    sieve[i * i::i] = bytearray(len(sieve[i * i::i]))
            return sum(sieve)
        """, ["assert count_primes(100) == 25", "assert count_primes(100000) == 9592"]),
    asserts("print-in-function", """
        def show_and_double(x):
            print("value:", x)
            return 2 * x
        """, ["assert show_and_double(4) == 8"]),
    asserts("docstring-and-comments", '''
        def is_even(n):
            """Whether n is even."""
            # bit trick
            return n & 1 == 0
        ''', ["assert is_even(4)", "assert not is_even(7)"]),
    asserts("main-guard-in-code", """
        def triple(x):
            return 3 * x


        if __name__ == "__main__":
            print(triple(3))
        """, ["assert triple(2) == 6"]),
    asserts("many-asserts", """
        def is_leap(y):
            return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
        """, [f"assert is_leap({y}) == {y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)}"
              for y in range(1896, 1916)]),
    asserts("tuple-index-negative", """
        def get_item(tup, index):
            return tup[index]
        """, ["assert get_item(('w', 3, 'r', 'e'), 3) == ('e')", "assert get_item(('w', 3, 'r', 'e'), -4) == ('w')"]),
    asserts("dict-of-lists-return", """
        def invert(d):
            out = {}
            for k, v in d.items():
                out.setdefault(v, []).append(k)
            return out
        """, ["assert invert({'a': 1, 'b': 1, 'c': 2}) == {1: ['a', 'b'], 2: ['c']}"]),
    asserts("sys-maxsize", """
        import sys


        def smallest(nums):
            best = sys.maxsize
            for n in nums:
                best = n if n < best else best
            return best
        """, ["assert smallest([3, 1, 2]) == 1"]),
    asserts("exception-caught-inside", """
        def to_int_or_none(s):
            try:
                return int(s)
            except ValueError:
                return None
        """, ["assert to_int_or_none('12') == 12", "assert to_int_or_none('x') is None"]),
    asserts("class-with-classmethod-factory", """
        class Temperature:
            def __init__(self, c):
                self.c = c

            @classmethod
            def from_f(cls, f):
                return cls((f - 32) * 5 / 9)


        def boiling():
            return Temperature.from_f(212).c
        """, ["assert boiling() == 100"]),
    asserts("nested-tuples-sum", """
        def sum_nested(t):
            return sum(sum(x) for x in t)
        """, ["assert sum_nested(((1, 2), (3,), ())) == 6"]),
    asserts("boolean-arithmetic", """
        def count_true(flags):
            return sum(flags)
        """, ["assert count_true([True, False, True]) == 2"]),
    asserts("slicing-strings", """
        def odd_values_string(s):
            return s[::2]
        """, ["assert odd_values_string('abcdef') == 'ace'", "assert odd_values_string('python') == 'pto'"]),
]
