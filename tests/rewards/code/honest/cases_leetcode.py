"""LeetCode rows in the LeetCodeDataset style (``entry_point="Solution().method"``, ``check(candidate)`` calling it
with keyword arguments, helpers in the prompt), and assert lists calling ``Solution().method(...)`` directly; in-place
tasks whose test reads the argument afterwards; ListNode/TreeNode defined by the completion."""

from __future__ import annotations

from . import Case, asserts, humaneval

# The kind of prompt LeetCodeDataset rows carry: star imports, ``inf``, and the list/tree helpers its tests call.
PROMPT = '''
import bisect
import collections
import functools
import heapq
import itertools
import math
import operator
import random
import re
import string
from bisect import *
from collections import *
from functools import *
from heapq import *
from itertools import *
from math import *
from typing import *

inf = float("inf")


class ListNode:
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next


def list_node(values: list):
    head = cur = ListNode()
    for v in values:
        cur.next = ListNode(v)
        cur = cur.next
    return head.next


def is_same_list(a, b) -> bool:
    while a is not None and b is not None:
        if a.val != b.val:
            return False
        a, b = a.next, b.next
    return a is None and b is None


class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right


def tree_node(values: list):
    if not values:
        return None
    root = TreeNode(values[0])
    queue = deque([root])
    i = 1
    while queue and i < len(values):
        node = queue.popleft()
        if i < len(values) and values[i] is not None:
            node.left = TreeNode(values[i])
            queue.append(node.left)
        i += 1
        if i < len(values) and values[i] is not None:
            node.right = TreeNode(values[i])
            queue.append(node.right)
        i += 1
    return root


def is_same_tree(p, q) -> bool:
    if p is None or q is None:
        return p is q
    return p.val == q.val and is_same_tree(p.left, q.left) and is_same_tree(p.right, q.right)
'''

LIST_NODE = """
class ListNode:
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next
"""

TREE_NODE = """
class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right
"""


def lc(name: str, code: str, method: str, test: str, prompt: str = PROMPT) -> Case:
    """A LeetCodeDataset row: ``entry_point`` is ``Solution().<method>``."""
    return humaneval(name, code, test, f"Solution().{method}", prompt=prompt, style="leetcode")


def la(name: str, code: str, tests: list[str], setup: str = "") -> Case:
    """A LeetCode task as an assert list, calling ``Solution().method(...)`` (or the completion's classes)."""
    return asserts(name, code, tests, setup=setup, style="leetcode")


CASES: list[Case] = [
    # --- LeetCodeDataset rows: prompt with helpers, Solution().method entry point, keyword arguments
    lc("two-sum", """
        class Solution:
            def twoSum(self, nums: List[int], target: int) -> List[int]:
                seen = {}
                for i, x in enumerate(nums):
                    if target - x in seen:
                        return [seen[target - x], i]
                    seen[x] = i
                return []
        """, "twoSum", """
        def check(candidate):
            assert candidate(nums=[2, 7, 11, 15], target=9) == [0, 1]
            assert candidate(nums=[3, 2, 4], target=6) == [1, 2]
            assert candidate(nums=[3, 3], target=6) == [0, 1]
        """),
    lc("longest-substring", """
        class Solution:
            def lengthOfLongestSubstring(self, s: str) -> int:
                last, start, best = {}, 0, 0
                for i, ch in enumerate(s):
                    if last.get(ch, -1) >= start:
                        start = last[ch] + 1
                    last[ch] = i
                    best = max(best, i - start + 1)
                return best
        """, "lengthOfLongestSubstring", """
        def check(candidate):
            assert candidate(s="abcabcbb") == 3
            assert candidate(s="bbbbb") == 1
            assert candidate(s="") == 0
        """),
    lc("median-float", """
        class Solution:
            def findMedianSortedArrays(self, nums1: List[int], nums2: List[int]) -> float:
                merged = sorted(nums1 + nums2)
                n = len(merged)
                if n % 2:
                    return float(merged[n // 2])
                return (merged[n // 2 - 1] + merged[n // 2]) / 2
        """, "findMedianSortedArrays", """
        def check(candidate):
            assert candidate(nums1=[1, 3], nums2=[2]) == 2.0
            assert candidate(nums1=[1, 2], nums2=[3, 4]) == 2.5
        """),
    lc("uses-inf-from-prompt", """
        class Solution:
            def maxProfit(self, prices: List[int]) -> int:
                low, best = inf, 0
                for p in prices:
                    low = min(low, p)
                    best = max(best, p - low)
                return best
        """, "maxProfit", """
        def check(candidate):
            assert candidate(prices=[7, 1, 5, 3, 6, 4]) == 5
            assert candidate(prices=[7, 6, 4, 3, 1]) == 0
        """),
    lc("star-import-names", """
        class Solution:
            def topKFrequent(self, nums: List[int], k: int) -> List[int]:
                return [x for x, _ in Counter(nums).most_common(k)]
        """, "topKFrequent", """
        def check(candidate):
            assert candidate(nums=[1, 1, 1, 2, 2, 3], k=2) == [1, 2]
            assert candidate(nums=[1], k=1) == [1]
        """),
    lc("list-of-lists-sorted", """
        class Solution:
            def threeSum(self, nums: List[int]) -> List[List[int]]:
                nums.sort()
                out = []
                for i in range(len(nums) - 2):
                    if i and nums[i] == nums[i - 1]:
                        continue
                    lo, hi = i + 1, len(nums) - 1
                    while lo < hi:
                        s = nums[i] + nums[lo] + nums[hi]
                        if s < 0:
                            lo += 1
                        elif s > 0:
                            hi -= 1
                        else:
                            out.append([nums[i], nums[lo], nums[hi]])
                            while lo < hi and nums[lo] == nums[lo + 1]:
                                lo += 1
                            lo, hi = lo + 1, hi - 1
                return out
        """, "threeSum", """
        def check(candidate):
            assert candidate(nums=[-1, 0, 1, 2, -1, -4]) == [[-1, -1, 2], [-1, 0, 1]]
            assert candidate(nums=[0, 1, 1]) == []
        """),
    lc("bool-return", """
        class Solution:
            def isValid(self, s: str) -> bool:
                pairs = {")": "(", "]": "[", "}": "{"}
                stack = []
                for ch in s:
                    if ch in pairs:
                        if not stack or stack.pop() != pairs[ch]:
                            return False
                    else:
                        stack.append(ch)
                return not stack
        """, "isValid", """
        def check(candidate):
            assert candidate(s="()[]{}") == True
            assert candidate(s="(]") == False
        """),
    lc("string-return", """
        class Solution:
            def longestCommonPrefix(self, strs: List[str]) -> str:
                prefix = strs[0]
                for s in strs[1:]:
                    while not s.startswith(prefix):
                        prefix = prefix[:-1]
                return prefix
        """, "longestCommonPrefix", """
        def check(candidate):
            assert candidate(strs=["flower", "flow", "flight"]) == "fl"
            assert candidate(strs=["dog", "racecar", "car"]) == ""
        """),
    lc("helper-method-and-cache", """
        class Solution:
            def climbStairs(self, n: int) -> int:
                @cache
                def ways(i: int) -> int:
                    return 1 if i <= 1 else ways(i - 1) + ways(i - 2)
                return ways(n)
        """, "climbStairs", """
        def check(candidate):
            assert candidate(n=2) == 2
            assert candidate(n=45) == 1836311903
        """),
    lc("nested-dfs-nonlocal", """
        class Solution:
            def numIslands(self, grid: List[List[str]]) -> int:
                rows, cols = len(grid), len(grid[0])
                seen = set()
                count = 0

                def dfs(r, c):
                    if not (0 <= r < rows and 0 <= c < cols) or (r, c) in seen or grid[r][c] != "1":
                        return
                    seen.add((r, c))
                    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        dfs(r + dr, c + dc)

                for r in range(rows):
                    for c in range(cols):
                        if grid[r][c] == "1" and (r, c) not in seen:
                            count += 1
                            dfs(r, c)
                return count
        """, "numIslands", """
        def check(candidate):
            assert candidate(grid=[["1", "1", "0"], ["0", "1", "0"], ["0", "0", "1"]]) == 2
        """),
    lc("bfs-deque", """
        class Solution:
            def shortestPath(self, grid: List[List[int]]) -> int:
                n = len(grid)
                if grid[0][0] or grid[n - 1][n - 1]:
                    return -1
                queue = deque([(0, 0, 1)])
                seen = {(0, 0)}
                while queue:
                    r, c, d = queue.popleft()
                    if (r, c) == (n - 1, n - 1):
                        return d
                    for dr in (-1, 0, 1):
                        for dc in (-1, 0, 1):
                            nr, nc = r + dr, c + dc
                            if 0 <= nr < n and 0 <= nc < n and not grid[nr][nc] and (nr, nc) not in seen:
                                seen.add((nr, nc))
                                queue.append((nr, nc, d + 1))
                return -1
        """, "shortestPath", """
        def check(candidate):
            assert candidate(grid=[[0, 1], [1, 0]]) == 2
            assert candidate(grid=[[1, 0], [0, 0]]) == -1
        """),
    lc("heap-kth-largest", """
        class Solution:
            def findKthLargest(self, nums: List[int], k: int) -> int:
                heap = []
                for x in nums:
                    heappush(heap, x)
                    if len(heap) > k:
                        heappop(heap)
                return heap[0]
        """, "findKthLargest", """
        def check(candidate):
            assert candidate(nums=[3, 2, 1, 5, 6, 4], k=2) == 5
        """),
    lc("bisect-lis", """
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
        """, "lengthOfLIS", """
        def check(candidate):
            assert candidate(nums=[10, 9, 2, 5, 3, 7, 101, 18]) == 4
        """),
    lc("deep-recursion-limit", """
        import sys

        sys.setrecursionlimit(100000)


        class Solution:
            def countDown(self, n: int) -> int:
                def go(k):
                    return 0 if k == 0 else 1 + go(k - 1)
                return go(n)
        """, "countDown", """
        def check(candidate):
            assert candidate(n=8000) == 8000
        """),
    lc("optional-annotations-and-int-keys", """
        class Solution:
            def groupAnagrams(self, strs: List[str]) -> List[List[str]]:
                groups: Dict[str, List[str]] = defaultdict(list)
                for s in strs:
                    groups["".join(sorted(s))].append(s)
                return sorted(sorted(g) for g in groups.values())
        """, "groupAnagrams", """
        def check(candidate):
            assert candidate(strs=["eat", "tea", "tan", "ate", "nat", "bat"]) == [
                ["ate", "eat", "tea"], ["bat"], ["nat", "tan"]]
        """),
    lc("linked-list-helpers-from-prompt", """
        class Solution:
            def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
                prev = None
                while head:
                    head.next, prev, head = prev, head, head.next
                return prev
        """, "reverseList", """
        def check(candidate):
            assert is_same_list(candidate(head=list_node([1, 2, 3, 4, 5])), list_node([5, 4, 3, 2, 1]))
            assert is_same_list(candidate(head=list_node([])), list_node([]))
        """),
    lc("linked-list-add-two-numbers", """
        class Solution:
            def addTwoNumbers(self, l1: Optional[ListNode], l2: Optional[ListNode]) -> Optional[ListNode]:
                dummy = cur = ListNode()
                carry = 0
                while l1 or l2 or carry:
                    total = carry + (l1.val if l1 else 0) + (l2.val if l2 else 0)
                    carry, digit = divmod(total, 10)
                    cur.next = ListNode(digit)
                    cur = cur.next
                    l1 = l1.next if l1 else None
                    l2 = l2.next if l2 else None
                return dummy.next
        """, "addTwoNumbers", """
        def check(candidate):
            assert is_same_list(candidate(l1=list_node([2, 4, 3]), l2=list_node([5, 6, 4])), list_node([7, 0, 8]))
            assert is_same_list(candidate(l1=list_node([9, 9]), l2=list_node([1])), list_node([0, 0, 1]))
        """),
    lc("tree-helpers-from-prompt-int", """
        class Solution:
            def maxDepth(self, root: Optional[TreeNode]) -> int:
                if root is None:
                    return 0
                return 1 + max(self.maxDepth(root.left), self.maxDepth(root.right))
        """, "maxDepth", """
        def check(candidate):
            assert candidate(root=tree_node([3, 9, 20, None, None, 15, 7])) == 3
            assert candidate(root=tree_node([])) == 0
        """),
    lc("tree-helpers-from-prompt-tree", """
        class Solution:
            def invertTree(self, root: Optional[TreeNode]) -> Optional[TreeNode]:
                if root:
                    root.left, root.right = self.invertTree(root.right), self.invertTree(root.left)
                return root
        """, "invertTree", """
        def check(candidate):
            assert is_same_tree(candidate(root=tree_node([4, 2, 7, 1, 3, 6, 9])), tree_node([4, 7, 2, 9, 6, 3, 1]))
        """),
    lc("tree-inorder-list", """
        class Solution:
            def inorderTraversal(self, root: Optional[TreeNode]) -> List[int]:
                out, stack, node = [], [], root
                while stack or node:
                    while node:
                        stack.append(node)
                        node = node.left
                    node = stack.pop()
                    out.append(node.val)
                    node = node.right
                return out
        """, "inorderTraversal", """
        def check(candidate):
            assert candidate(root=tree_node([1, None, 2, 3])) == [1, 3, 2]
        """),
    lc("no-prompt-own-imports", """
        from typing import List


        class Solution:
            def maxSubArray(self, nums: List[int]) -> int:
                best = cur = nums[0]
                for x in nums[1:]:
                    cur = max(x, cur + x)
                    best = max(best, cur)
                return best
        """, "maxSubArray", """
        def check(candidate):
            assert candidate(nums=[-2, 1, -3, 4, -1, 2, 1, -5, 4]) == 6
            assert candidate(nums=[-1]) == -1
        """, prompt=""),
    lc("no-prompt-positional-args", """
        class Solution:
            def searchInsert(self, nums, target):
                lo, hi = 0, len(nums)
                while lo < hi:
                    mid = (lo + hi) // 2
                    if nums[mid] < target:
                        lo = mid + 1
                    else:
                        hi = mid
                return lo
        """, "searchInsert", """
        def check(candidate):
            assert candidate([1, 3, 5, 6], 5) == 2
            assert candidate([1, 3, 5, 6], 7) == 4
        """, prompt=""),
    lc("fenced-solution", """
        I'll use a hash set.

        ```python
        class Solution:
            def containsDuplicate(self, nums: List[int]) -> bool:
                return len(set(nums)) != len(nums)
        ```
        """, "containsDuplicate", """
        def check(candidate):
            assert candidate(nums=[1, 2, 3, 1]) == True
            assert candidate(nums=[1, 2, 3]) == False
        """),
    lc("future-annotations-no-prompt", """
        from __future__ import annotations


        class Solution:
            def plusOne(self, digits: list[int]) -> list[int]:
                n = int("".join(map(str, digits))) + 1
                return [int(d) for d in str(n)]
        """, "plusOne", """
        def check(candidate):
            assert candidate(digits=[1, 2, 9]) == [1, 3, 0]
            assert candidate(digits=[9]) == [1, 0]
        """, prompt=""),
    lc("dataclass-helper-in-solution", """
        from dataclasses import dataclass


        @dataclass(order=True)
        class Job:
            end: int
            start: int


        class Solution:
            def eraseOverlapIntervals(self, intervals: List[List[int]]) -> int:
                jobs = sorted(Job(e, s) for s, e in intervals)
                removed, end = 0, -inf
                for job in jobs:
                    if job.start >= end:
                        end = job.end
                    else:
                        removed += 1
                return removed
        """, "eraseOverlapIntervals", """
        def check(candidate):
            assert candidate(intervals=[[1, 2], [2, 3], [3, 4], [1, 3]]) == 1
            assert candidate(intervals=[[1, 2], [1, 2], [1, 2]]) == 2
        """),
    lc("float-return-isclose", """
        class Solution:
            def myPow(self, x: float, n: int) -> float:
                return x ** n
        """, "myPow", """
        def check(candidate):
            assert abs(candidate(x=2.0, n=10) - 1024.0) < 1e-9
            assert abs(candidate(x=2.0, n=-2) - 0.25) < 1e-9
        """),
    lc("big-int-return", """
        class Solution:
            def multiply(self, num1: str, num2: str) -> str:
                return str(int(num1) * int(num2))
        """, "multiply", """
        def check(candidate):
            assert candidate(num1="123456789123456789", num2="987654321987654321") == (
                "121932631356500531347203169112635269")
        """),
    lc("in-place-rotate-check", """
        class Solution:
            def rotate(self, nums: List[int], k: int) -> None:
                k %= len(nums)
                nums[:] = nums[-k:] + nums[:-k]
        """, "rotate", """
        def check(candidate):
            nums = [1, 2, 3, 4, 5, 6, 7]
            candidate(nums, 3)
            assert nums == [5, 6, 7, 1, 2, 3, 4]
        """),
    lc("in-place-returns-none", """
        class Solution:
            def moveZeroes(self, nums: List[int]) -> None:
                write = 0
                for x in nums:
                    if x:
                        nums[write] = x
                        write += 1
                for i in range(write, len(nums)):
                    nums[i] = 0
        """, "moveZeroes", """
        def check(candidate):
            assert candidate(nums=[0, 1, 0, 3, 12]) == None
        """),
    lc("in-place-matrix", """
        class Solution:
            def rotate(self, matrix: List[List[int]]) -> None:
                matrix[:] = [list(row) for row in zip(*matrix[::-1])]
        """, "rotate", """
        def check(candidate):
            m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
            candidate(matrix=m)
            assert m == [[7, 4, 1], [8, 5, 2], [9, 6, 3]]
        """),
    lc("in-place-sort-colors", """
        class Solution:
            def sortColors(self, nums: List[int]) -> None:
                counts = [nums.count(c) for c in range(3)]
                nums[:] = [0] * counts[0] + [1] * counts[1] + [2] * counts[2]
        """, "sortColors", """
        def check(candidate):
            nums = [2, 0, 2, 1, 1, 0]
            candidate(nums)
            assert nums == [0, 0, 1, 1, 2, 2]
        """),
    lc("in-place-remove-duplicates-k", """
        class Solution:
            def removeDuplicates(self, nums: List[int]) -> int:
                k = 0
                for x in nums:
                    if k == 0 or nums[k - 1] != x:
                        nums[k] = x
                        k += 1
                return k
        """, "removeDuplicates", """
        def check(candidate):
            nums = [0, 0, 1, 1, 1, 2, 2, 3, 3, 4]
            k = candidate(nums)
            assert k == 5
            assert nums[:k] == [0, 1, 2, 3, 4]
        """),
    lc("in-place-reverse-string", """
        class Solution:
            def reverseString(self, s: List[str]) -> None:
                i, j = 0, len(s) - 1
                while i < j:
                    s[i], s[j] = s[j], s[i]
                    i, j = i + 1, j - 1
        """, "reverseString", """
        def check(candidate):
            s = list("hello")
            candidate(s)
            assert s == list("olleh")
        """),
    lc("in-place-merge", """
        class Solution:
            def merge(self, nums1: List[int], m: int, nums2: List[int], n: int) -> None:
                nums1[:] = sorted(nums1[:m] + nums2[:n])
        """, "merge", """
        def check(candidate):
            nums1 = [1, 2, 3, 0, 0, 0]
            candidate(nums1, 3, [2, 5, 6], 3)
            assert nums1 == [1, 2, 2, 3, 5, 6]
        """),
    lc("in-place-set-zeroes", """
        class Solution:
            def setZeroes(self, matrix: List[List[int]]) -> None:
                rows = {i for i, row in enumerate(matrix) for v in row if v == 0}
                cols = {j for row in matrix for j, v in enumerate(row) if v == 0}
                for i, row in enumerate(matrix):
                    for j in range(len(row)):
                        if i in rows or j in cols:
                            row[j] = 0
        """, "setZeroes", """
        def check(candidate):
            m = [[1, 1, 1], [1, 0, 1], [1, 1, 1]]
            candidate(m)
            assert m == [[1, 0, 1], [0, 0, 0], [1, 0, 1]]
        """),
    lc("tuple-set-arguments", """
        class Solution:
            def numJewelsInStones(self, jewels: str, stones: str) -> int:
                kinds = set(jewels)
                return sum(s in kinds for s in stones)
        """, "numJewelsInStones", """
        def check(candidate):
            assert candidate(jewels="aA", stones="aAAbbbb") == 3
        """),
    lc("counter-return", """
        class Solution:
            def countLetters(self, s: str) -> Dict[str, int]:
                return Counter(s)
        """, "countLetters", """
        def check(candidate):
            assert candidate(s="leet") == {"l": 1, "e": 2, "t": 1}
        """),
    lc("many-keyword-cases", """
        class Solution:
            def romanToInt(self, s: str) -> int:
                values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
                total = 0
                for a, b in zip(s, s[1:] + " "):
                    v = values[a]
                    total += -v if b != " " and values[b] > v else v
                return total
        """, "romanToInt", """
        def check(candidate):
            assert candidate(s="III") == 3
            assert candidate(s="LVIII") == 58
            assert candidate(s="MCMXCIV") == 1994
            assert candidate(s="IV") == 4
            assert candidate(s="IX") == 9
            assert candidate(s="XL") == 40
            assert candidate(s="MMMCMXCIX") == 3999
        """),
    lc("solution-with-init", """
        class Solution:
            def __init__(self):
                self.memo = {0: 0, 1: 1}

            def fib(self, n: int) -> int:
                if n not in self.memo:
                    self.memo[n] = self.fib(n - 1) + self.fib(n - 2)
                return self.memo[n]
        """, "fib", """
        def check(candidate):
            assert candidate(n=2) == 1
            assert candidate(n=30) == 832040
        """),
    lc("string-matrix-return", """
        class Solution:
            def solveNQueens(self, n: int) -> List[List[str]]:
                out = []

                def place(row, cols, d1, d2, board):
                    if row == n:
                        out.append(["." * c + "Q" + "." * (n - c - 1) for c in board])
                        return
                    for c in range(n):
                        if c not in cols and row - c not in d1 and row + c not in d2:
                            place(row + 1, cols | {c}, d1 | {row - c}, d2 | {row + c}, board + [c])

                place(0, set(), set(), set(), [])
                return out
        """, "solveNQueens", """
        def check(candidate):
            assert candidate(n=4) == [[".Q..", "...Q", "Q...", "..Q."], ["..Q.", "Q...", "...Q", ".Q.."]]
            assert candidate(n=1) == [["Q"]]
        """),
    lc("bit-manipulation", """
        class Solution:
            def singleNumber(self, nums: List[int]) -> int:
                return reduce(operator.xor, nums)
        """, "singleNumber", """
        def check(candidate):
            assert candidate(nums=[4, 1, 2, 1, 2]) == 4
        """),
    lc("sorted-key-lambda-return", """
        class Solution:
            def kClosest(self, points: List[List[int]], k: int) -> List[List[int]]:
                return sorted(points, key=lambda p: p[0] ** 2 + p[1] ** 2)[:k]
        """, "kClosest", """
        def check(candidate):
            assert candidate(points=[[1, 3], [-2, 2]], k=1) == [[-2, 2]]
        """),
    lc("dp-2d", """
        class Solution:
            def uniquePaths(self, m: int, n: int) -> int:
                dp = [[1] * n for _ in range(m)]
                for i in range(1, m):
                    for j in range(1, n):
                        dp[i][j] = dp[i - 1][j] + dp[i][j - 1]
                return dp[-1][-1]
        """, "uniquePaths", """
        def check(candidate):
            assert candidate(m=3, n=7) == 28
            assert candidate(m=3, n=2) == 3
        """),
    lc("lru-cache-method", """
        class Solution:
            def minDistance(self, word1: str, word2: str) -> int:
                @lru_cache(None)
                def d(i, j):
                    if i == len(word1):
                        return len(word2) - j
                    if j == len(word2):
                        return len(word1) - i
                    if word1[i] == word2[j]:
                        return d(i + 1, j + 1)
                    return 1 + min(d(i + 1, j), d(i, j + 1), d(i + 1, j + 1))
                return d(0, 0)
        """, "minDistance", """
        def check(candidate):
            assert candidate(word1="horse", word2="ros") == 3
            assert candidate(word1="intention", word2="execution") == 5
        """),
    # --- assert lists calling Solution().method(...) directly
    la("asserts-solution-call", """
        class Solution:
            def isPalindrome(self, x: int) -> bool:
                return str(x) == str(x)[::-1]
        """, ["assert Solution().isPalindrome(121) == True", "assert Solution().isPalindrome(-121) == False",
              "assert Solution().isPalindrome(10) == False"]),
    la("asserts-solution-instance-in-setup", """
        class Solution:
            def reverse(self, x: int) -> int:
                sign = -1 if x < 0 else 1
                r = sign * int(str(abs(x))[::-1])
                return r if -2 ** 31 <= r < 2 ** 31 else 0
        """, ["assert s.reverse(123) == 321", "assert s.reverse(-120) == -21", "assert s.reverse(1534236469) == 0"],
        setup="s = Solution()"),
    la("asserts-solution-kwargs", """
        from typing import List


        class Solution:
            def maxArea(self, height: List[int]) -> int:
                i, j, best = 0, len(height) - 1, 0
                while i < j:
                    best = max(best, (j - i) * min(height[i], height[j]))
                    if height[i] < height[j]:
                        i += 1
                    else:
                        j -= 1
                return best
        """, ["assert Solution().maxArea(height=[1, 8, 6, 2, 5, 4, 8, 3, 7]) == 49",
              "assert Solution().maxArea([1, 1]) == 1"]),
    la("asserts-in-place-rotate", """
        from typing import List


        class Solution:
            def rotate(self, nums: List[int], k: int) -> None:
                k %= len(nums)
                nums[:] = nums[-k:] + nums[:-k]
        """, ["nums = [1, 2, 3, 4, 5, 6, 7]\nSolution().rotate(nums, 3)\nassert nums == [5, 6, 7, 1, 2, 3, 4]",
              "nums = [-1, -100, 3, 99]\nSolution().rotate(nums, 2)\nassert nums == [3, 99, -1, -100]"]),
    la("asserts-in-place-reverse", """
        class Solution:
            def reverseString(self, s):
                s.reverse()
        """, ["s = ['h', 'e', 'y']\nSolution().reverseString(s)\nassert s == ['y', 'e', 'h']"]),
    la("asserts-list-node-in-completion", LIST_NODE + """

        class Solution:
            def middleNode(self, head):
                slow = fast = head
                while fast and fast.next:
                    slow, fast = slow.next, fast.next.next
                return slow
        """.replace("\n        ", "\n"), [
        "head = ListNode(1, ListNode(2, ListNode(3, ListNode(4, ListNode(5)))))\n"
        "assert Solution().middleNode(head).val == 3",
        "assert Solution().middleNode(ListNode(7)).val == 7"]),
    la("asserts-list-node-walk-is-not-none", LIST_NODE + """

        class Solution:
            def reverseList(self, head):
                prev = None
                while head is not None:
                    head.next, prev, head = prev, head, head.next
                return prev
        """.replace("\n        ", "\n"), [
        "node = Solution().reverseList(ListNode(1, ListNode(2, ListNode(3))))\nout = []\n"
        "while node is not None:\n    out.append(node.val)\n    node = node.next\nassert out == [3, 2, 1]"]),
    la("asserts-list-node-walk-truthy", LIST_NODE + """

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
        """.replace("\n        ", "\n"), [
        "node = Solution().removeElements(ListNode(1, ListNode(6, ListNode(2))), 6)\nout = []\n"
        "while node:\n    out.append(node.val)\n    node = node.next\nassert out == [1, 2]"]),
    la("asserts-list-helpers-in-completion", LIST_NODE + """

        def build(values):
            head = None
            for v in reversed(values):
                head = ListNode(v, head)
            return head


        def to_list(head):
            out = []
            while head:
                out.append(head.val)
                head = head.next
            return out


        class Solution:
            def mergeTwoLists(self, a, b):
                dummy = cur = ListNode()
                while a and b:
                    if a.val <= b.val:
                        cur.next, a = a, a.next
                    else:
                        cur.next, b = b, b.next
                    cur = cur.next
                cur.next = a or b
                return dummy.next
        """.replace("\n        ", "\n"), [
        "assert to_list(Solution().mergeTwoLists(build([1, 2, 4]), build([1, 3, 4]))) == [1, 1, 2, 3, 4, 4]",
        "assert to_list(Solution().mergeTwoLists(build([]), build([0]))) == [0]"]),
    la("asserts-tree-node-in-completion", TREE_NODE + """

        class Solution:
            def isSymmetric(self, root):
                def mirror(a, b):
                    if a is None or b is None:
                        return a is b
                    return a.val == b.val and mirror(a.left, b.right) and mirror(a.right, b.left)
                return mirror(root.left, root.right)
        """.replace("\n        ", "\n"), [
        "assert Solution().isSymmetric(TreeNode(1, TreeNode(2, TreeNode(3)), TreeNode(2, None, TreeNode(3))))",
        "assert not Solution().isSymmetric(TreeNode(1, TreeNode(2), TreeNode(3)))"]),
    la("asserts-tree-returned-and-read", TREE_NODE + """

        class Solution:
            def sortedArrayToBST(self, nums):
                if not nums:
                    return None
                mid = len(nums) // 2
                return TreeNode(nums[mid], self.sortedArrayToBST(nums[:mid]), self.sortedArrayToBST(nums[mid + 1:]))
        """.replace("\n        ", "\n"), [
        "root = Solution().sortedArrayToBST([1, 2, 3])\nassert root.val == 2\n"
        "assert root.left.val == 1 and root.right.val == 3\nassert root.left.left is None"]),
    la("asserts-design-class", """
        class MinStack:
            def __init__(self):
                self.stack = []

            def push(self, val: int) -> None:
                low = min(val, self.stack[-1][1]) if self.stack else val
                self.stack.append((val, low))

            def pop(self) -> None:
                self.stack.pop()

            def top(self) -> int:
                return self.stack[-1][0]

            def getMin(self) -> int:
                return self.stack[-1][1]
        """, ["s = MinStack()\ns.push(-2)\ns.push(0)\ns.push(-3)\nassert s.getMin() == -3\ns.pop()\n"
              "assert s.top() == 0\nassert s.getMin() == -2"]),
    la("asserts-design-lru-cache", """
        from collections import OrderedDict


        class LRUCache:
            def __init__(self, capacity: int):
                self.capacity = capacity
                self.data = OrderedDict()

            def get(self, key: int) -> int:
                if key not in self.data:
                    return -1
                self.data.move_to_end(key)
                return self.data[key]

            def put(self, key: int, value: int) -> None:
                self.data[key] = value
                self.data.move_to_end(key)
                if len(self.data) > self.capacity:
                    self.data.popitem(last=False)
        """, ["c = LRUCache(2)\nc.put(1, 1)\nc.put(2, 2)\nassert c.get(1) == 1\nc.put(3, 3)\nassert c.get(2) == -1\n"
              "c.put(4, 4)\nassert c.get(1) == -1\nassert c.get(3) == 3\nassert c.get(4) == 4"]),
    la("asserts-design-trie", """
        class Trie:
            def __init__(self):
                self.root = {}

            def insert(self, word: str) -> None:
                node = self.root
                for ch in word:
                    node = node.setdefault(ch, {})
                node["$"] = True

            def search(self, word: str) -> bool:
                node = self._walk(word)
                return node is not None and "$" in node

            def startsWith(self, prefix: str) -> bool:
                return self._walk(prefix) is not None

            def _walk(self, s):
                node = self.root
                for ch in s:
                    if ch not in node:
                        return None
                    node = node[ch]
                return node
        """, ["t = Trie()\nt.insert('apple')\nassert t.search('apple')\nassert not t.search('app')\n"
              "assert t.startsWith('app')\nt.insert('app')\nassert t.search('app')"]),
    la("asserts-sorted-result", """
        from itertools import permutations


        class Solution:
            def permute(self, nums):
                return [list(p) for p in permutations(nums)]
        """, ["assert sorted(Solution().permute([1, 2, 3])) == "
              "[[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]",
              "assert Solution().permute([1]) == [[1]]"]),
    la("asserts-typing-star-import", """
        from typing import *


        class Solution:
            def subsets(self, nums: List[int]) -> List[List[int]]:
                out: List[List[int]] = [[]]
                for x in nums:
                    out += [s + [x] for s in out]
                return out
        """, ["assert sorted(map(sorted, Solution().subsets([1, 2]))) == [[], [1], [1, 2], [2]]"]),
    la("asserts-recursion-limit-in-solution", """
        import sys

        sys.setrecursionlimit(50000)


        class Solution:
            def sumDigitsRec(self, s: str) -> int:
                return 0 if not s else int(s[0]) + self.sumDigitsRec(s[1:])
        """, ["assert Solution().sumDigitsRec('12' * 1500) == 4500"]),
    la("asserts-float-compare", """
        class Solution:
            def average(self, salary):
                salary = sorted(salary)[1:-1]
                return sum(salary) / len(salary)
        """, ["assert Solution().average([4000, 3000, 1000, 2000]) == 2500.0",
              "assert abs(Solution().average([1000, 2000, 3000]) - 2000.0) < 1e-5"]),
    la("asserts-static-method", """
        class Solution:
            @staticmethod
            def hammingWeight(n: int) -> int:
                return bin(n).count("1")
        """, ["assert Solution.hammingWeight(11) == 3", "assert Solution().hammingWeight(128) == 1"]),
    la("asserts-tuple-return", """
        class Solution:
            def divide(self, a: int, b: int):
                return divmod(a, b)
        """, ["assert Solution().divide(7, 2) == (3, 1)"]),
    la("asserts-none-return", """
        class Solution:
            def find(self, nums, target):
                for i, x in enumerate(nums):
                    if x == target:
                        return i
                return None
        """, ["assert Solution().find([1, 2], 3) is None", "assert Solution().find([1, 2], 2) == 1"]),
    la("asserts-big-input", """
        class Solution:
            def maxSubArrayLen(self, nums):
                best = cur = 0
                for x in nums:
                    cur = max(0, cur + x)
                    best = max(best, cur)
                return best
        """, ["assert Solution().maxSubArrayLen(list(range(-500, 500)) * 20) > 0",
              "assert Solution().maxSubArrayLen([-1] * 10000) == 0"]),
    la("asserts-set-return", """
        class Solution:
            def intersection(self, nums1, nums2):
                return set(nums1) & set(nums2)
        """, ["assert Solution().intersection([1, 2, 2, 1], [2, 2]) == {2}"]),
]
