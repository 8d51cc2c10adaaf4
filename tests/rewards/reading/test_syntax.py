"""`rewards.reading.syntax`: Python parsed from many threads at once, as rewards judge completions, never fails on
CPython's shared AST recursion counter (3.11: ``SystemError: AST constructor recursion depth mismatch``)."""

from __future__ import annotations

import ast
import marshal
import threading
import time

from rewards.code import trusted_source
from rewards.reading import syntax

SOURCE = open(ast.__file__).read()  # a large module: many allocations, so garbage collections, per conversion


class _Finalized:
    def __del__(self) -> None:
        time.sleep(0)  # gives the interpreter to another thread from inside a collection


def _at_depth(depth: int, call) -> None:
    if depth:
        _at_depth(depth - 1, call)
    else:
        call()


def _errors_from_threads(convert, threads: int = 4, rounds: int = 20) -> list[SystemError]:
    """Each thread converts at a Python stack depth of its own: each conversion resets the shared counter to its own
    thread's depth and checks it at the end, so a race between threads at one depth goes unseen."""
    errors: list[SystemError] = []

    def work(depth: int) -> None:
        for _ in range(rounds):
            for _ in range(50):  # cyclic garbage with finalizers, collected during the next conversion
                garbage = _Finalized()
                garbage.self = garbage  # type: ignore[attr-defined]
            try:
                _at_depth(depth, convert)
            except SystemError as e:
                errors.append(e)

    workers = [threading.Thread(target=work, args=(10 * i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return errors


def test_parsing_and_compiling_from_many_threads_never_trips_the_shared_counter():
    """On CPython 3.11.7 (2026-12-04) the same load through plain ``compile(ast.parse(...))`` raised the SystemError
    in 3 of 3 runs (one conversion in 80); an honest completion in ``code_tests`` or ``countdown`` was then scored as
    a broken row or a broken expression."""
    errors = _errors_from_threads(lambda: syntax.compile_tree(syntax.parse(SOURCE, "<ast>"), "<ast>"))
    assert errors == []


def test_the_helpers_give_what_ast_gives():
    """Same trees and code as the standard library's calls."""
    assert ast.dump(syntax.parse("x = f(1)")) == ast.dump(ast.parse("x = f(1)"))
    assert ast.dump(syntax.parse_expression("1 + 2")) == ast.dump(ast.parse("1 + 2", mode="eval"))
    assert eval(syntax.compile_tree(syntax.parse_expression("6 * 7"), "<e>", "eval")) == 42
    assert syntax.compile_source("x = f(1)", "<s>").co_code == compile("x = f(1)", "<s>", "exec").co_code


def test_trusted_code_without_functions_compiles_as_its_tagged_tree_would():
    """`trusted_source.compiled` compiles source that has no ``lambda`` or ``def`` directly: the same code object as
    through the tagging tree, which has nothing to tag there."""
    for source in ("assert f([1, {2, 3}], k='a') == (1, 2)", "import math\nx = [i * 2 for i in range(3)]\n"):
        tree = ast.fix_missing_locations(trusted_source._Tagger(source).visit(ast.parse(source, "<test>")))
        assert marshal.dumps(trusted_source.compiled(source, "<test>")) == \
            marshal.dumps(compile(tree, "<test>", "exec"))
