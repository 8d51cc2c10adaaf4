"""Python source to syntax trees, safe from any thread: the one way rlvr-kit parses Python.

CPython 3.11 counts the AST converters' recursion depth in one counter per interpreter. Two threads converting at
once (a garbage collection inside one conversion can run a finalizer that lets the other thread in) fail with
``SystemError: AST constructor recursion depth mismatch``. Rewards judge completions in parallel threads, and
``code_tests`` plans each row's tests in the thread that judges it, so an honest completion could be scored as broken.
Every conversion here (source to tree, tree to code) holds one lock; they take microseconds to milliseconds.
"""

from __future__ import annotations

import ast
import threading
from types import CodeType
from typing import Any, Literal

__all__ = ["compile_source", "compile_tree", "parse", "parse_expression"]

_LOCK = threading.Lock()


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """``ast.parse(source, filename)``, one thread at a time."""
    with _LOCK:
        return ast.parse(source, filename)


def parse_expression(source: str) -> ast.Expression:
    """``ast.parse(source, mode="eval")``, one thread at a time."""
    with _LOCK:
        return ast.parse(source, mode="eval")


def compile_tree(tree: ast.Module | ast.Expression, filename: str, mode: Literal["exec", "eval"] = "exec") -> CodeType:
    """``compile(tree, filename, mode)`` of a syntax tree, one thread at a time."""
    with _LOCK:
        code: Any = compile(tree, filename, mode)
        return code


def compile_source(source: str, filename: str, mode: Literal["exec", "eval"] = "exec") -> CodeType:
    """``compile(source, filename, mode)``, one thread at a time."""
    with _LOCK:
        code: Any = compile(source, filename, mode)
        return code
