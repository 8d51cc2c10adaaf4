"""A LeetCode-style row's trusted prompt, shared by the code tests: ``ListNode`` and the helpers that build a list
from values and read its values back (the test walks the list with them, on the trusted side)."""

LIST_NODE = "class ListNode:\n    def __init__(self, val=0, next=None):\n        self.val, self.next = val, next\n"
LIST_HELPERS = LIST_NODE + """
def list_node(values):
    head = None
    for v in reversed(values):
        head = ListNode(v, head)
    return head

def values(node):
    out = []
    while node:
        out.append(node.val)
        node = node.next
    return out
"""
