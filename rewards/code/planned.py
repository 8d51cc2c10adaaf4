"""Which calls a row's tests will certainly make, in order, before they run: sent with the code's load, a row of
asserts costs one round trip into the sandbox instead of one per assert (`rewards.sandbox.Session.load`).

A test's call is planned only when plain Python, running the test after the ones before it, would make exactly that
call next, whatever the completion's answers: the test is one ``assert`` whose evaluation starts with the call
(``assert f([3, 1]) == [1, 3]``, ``assert math.isclose(f(2), 0.5)``, ``assert not f('')``), nothing before the call
can raise or branch (only literals and names that stay this side's: builtins, trusted modules, what a setup of
imports binds), its arguments are literals, and it names the completion once, so the job is asked nothing else in
between. Planning stops at the first test that does not qualify; a call that answers with an object of the job (a
handle) ends the batch in the job, since the test's next use of that object must come before any later call. Each
planned name must be bound as the plan assumed (``requires``: the function under test a function or class of the
completion, a module name the completion's own import of that module), which the worker checks before it makes any
of them.

    >>> modules = {"math": "math"}.get
    >>> calls, requires = plan_asserts(("assert add(1, 2) == 3", "assert math.isclose(add(0.5, 1), 1.5)",
    ...                                 "assert add(x, 1) == 2", "assert add(3, 4) == 7"), frozenset(), modules)
    >>> [(c.name, c.args) for c in calls], requires
    ([('add', (1, 2)), ('add', (0.5, 1))], {'add': 'call', 'math': 'module:math'})
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import types
from collections.abc import Callable, Sequence
from typing import Any

from rewards.reading import syntax
from rewards.sandbox import PlannedCall

# What a name a test reads is, as (kind, target): ("call", the job's function), ("module", the module of this side
# the completion's import of it is bound to), ("trusted", a module of the test's own namespace) or ("builtin", "");
# None: anything else, which makes the test unplannable.
Classify = Callable[[str], "tuple[str, str] | None"]


@functools.lru_cache(maxsize=4096)  # a GRPO step judges each row G times
def plan_asserts(tests: tuple[str, ...], shadow: frozenset[str], module_of: Callable[[str], str | None],
                 limit: int = 16, setup: str = "") -> tuple[tuple[PlannedCall, ...], dict[str, str]]:
    """The calls of the leading plannable tests of an assert list (each test one statement), and what they require.

    ``shadow``: builtin names that are the function under test (`code_tests.builtin_targets`); ``module_of``: the
    module of this side a name stands for when the completion imported it (``np``: numpy), else None; ``setup``:
    the row's setup code, run once before the tests in their namespace, planned only when it is imports
    (`setup_imports`), whose names are then this side's."""
    bound = setup_imports(setup)
    if bound is None:
        return (), {}

    def classify(name: str) -> tuple[str, str] | None:
        if name in bound:
            return "trusted", name
        if hasattr(builtins, name) and name not in shadow:
            return "builtin", ""
        module = module_of(name)
        return ("module", module) if module else ("call", name)

    calls: list[PlannedCall] = []
    requires: dict[str, str] = {}
    for test in tests[:limit]:
        planned = _plan_one(test, classify, bound)
        if planned is None:
            break
        calls.append(planned[0])
        requires.update(planned[1])
    return tuple(calls), requires


def plan_check(statements: Sequence[ast.stmt], candidate: str, entry_point: str, namespace: dict[str, Any],
               limit: int = 16) -> tuple[tuple[PlannedCall, ...], dict[str, str]]:
    """The calls of a HumanEval ``check(candidate)``'s leading plannable asserts (its body's ``statements``), as
    calls of ``entry_point``: names are ``candidate`` (the parameter), this side's modules in ``namespace`` (the
    prompt's and test's imports) and builtins the namespace does not rebind."""
    def classify(name: str) -> tuple[str, str] | None:
        if name in (candidate, entry_point):
            return "call", entry_point
        if isinstance(namespace.get(name), types.ModuleType):
            return "trusted", name
        if name not in namespace and hasattr(builtins, name):
            return "builtin", ""
        return None

    calls: list[PlannedCall] = []
    for statement in statements:
        if len(calls) >= limit:
            break
        if _inert(statement):
            continue  # ``assert True, "..."``: asks the job nothing, and cannot fail
        planned = _plan_node(statement, classify, namespace)
        if planned is None:
            break
        calls.append(planned[0])
    return tuple(calls), ({entry_point: "call"} if calls else {})


def _inert(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Assert) and _literal(statement.test) and \
        (statement.msg is None or _literal(statement.msg)) and bool(ast.literal_eval(statement.test))


@functools.lru_cache(maxsize=1024)
def setup_imports(setup: str) -> dict[str, Any] | None:
    """What a row's setup code binds, by name, when it is only absolute imports (``import math``, ``from decimal
    import Decimal``, ``from math import *``), else None. Such a setup asks the job nothing and binds each name to
    this side's object, before the tests as plain Python would after the completion's code, so the tests' calls are
    planned as without it, its names being this side's. The setup has run once already (`code_tests.run_asserts`):
    its modules are imported. Do not change the dict: it is cached."""
    try:
        body = _parsed(setup)
    except SyntaxError:
        return None
    bound: dict[str, Any] = {}
    try:
        for statement in body:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    if alias.asname:
                        bound[alias.asname] = importlib.import_module(alias.name)
                    else:  # ``import os.path`` binds ``os``
                        top = alias.name.split(".")[0]
                        bound[top] = importlib.import_module(top)
            elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
                module = importlib.import_module(statement.module)
                for alias in statement.names:
                    if alias.name == "*":  # what ``import *`` binds: ``__all__``, else the public names
                        names = getattr(module, "__all__", None)
                        for name in names if names is not None else [n for n in vars(module) if n[:1] != "_"]:
                            bound[name] = getattr(module, name)
                    else:
                        bound[alias.asname or alias.name] = getattr(module, alias.name)
            else:
                return None
    except Exception:
        return None  # not as it ran: plan nothing
    return bound


def _plan_one(test: str, classify: Classify, namespace: dict[str, Any]) -> tuple[PlannedCall, dict[str, str]] | None:
    try:
        body = _parsed(test)
    except SyntaxError:
        return None
    return _plan_node(body[0], classify, namespace) if len(body) == 1 else None


@functools.lru_cache(maxsize=16384)
def _parsed(test: str) -> list[ast.stmt]:
    return syntax.parse(test).body


def _plan_node(statement: ast.stmt, classify: Classify, namespace: dict[str, Any] | None = None
               ) -> tuple[PlannedCall, dict[str, str]] | None:
    """The call ``statement`` (an assert) certainly makes first, and what the plan requires of its names."""
    if not isinstance(statement, ast.Assert):
        return None
    names = []
    for node in ast.walk(statement):
        if isinstance(node, ast.Name):
            names.append(node)
        elif isinstance(node, (ast.Lambda, ast.NamedExpr, ast.comprehension)):
            return None  # a name the test binds itself
    kinds = {node.id: classify(node.id) for node in names}
    if any(kind is None for kind in kinds.values()):
        return None  # a name the job would be asked for
    calls = [node for node in names if kinds[node.id][0] == "call"]  # type: ignore[index]
    first = _first_call(statement.test, kinds, namespace)
    if len(calls) != 1 or first is None or first.func is not calls[0]:
        return None
    try:
        args = tuple(_value(arg, kinds) for arg in first.args)
        kwargs = {k.arg: _value(k.value, kinds) for k in first.keywords if k.arg is not None}
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, OverflowError):
        return None  # not a literal, or a ``range`` that raises before the call: plain Python never makes it
    if len(kwargs) != len(first.keywords):
        return None  # a ``**mapping`` argument
    requires = {}
    for name, (kind, target) in kinds.items():  # type: ignore[misc]
        if kind == "call":
            requires[target] = "call"
        elif kind == "module":
            requires[name] = f"module:{target}"
    return PlannedCall(kinds[calls[0].id][1], args, kwargs), requires  # type: ignore[index]


def _first_call(node: ast.expr, kinds: dict[str, Any], namespace: dict[str, Any] | None) -> ast.Call | None:
    """The call of the completion's function that evaluating ``node`` makes before anything that could raise or
    branch (only literals and this side's names are evaluated before it), or None."""
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and kinds[node.func.id][0] == "call":
            arguments = (*node.args, *(k.value for k in node.keywords))
            return node if all(_literal(a) or _range(a, kinds) for a in arguments) else None
        if not _inert_callee(node.func, kinds, namespace):
            return None
        return _first_of([*node.args, *(k.value for k in node.keywords)], kinds, namespace)
    if isinstance(node, ast.Compare):
        return _first_of([node.left, node.comparators[0]], kinds, namespace)
    if isinstance(node, ast.BinOp):
        return _first_of([node.left, node.right], kinds, namespace)
    if isinstance(node, ast.UnaryOp):
        return _first_call(node.operand, kinds, namespace)
    if isinstance(node, ast.BoolOp):  # the first operand is always evaluated; the others may not be
        return _first_call(node.values[0], kinds, namespace)
    if isinstance(node, (ast.Attribute, ast.Subscript)):
        return _first_call(node.value, kinds, namespace)
    if isinstance(node, (ast.Tuple, ast.List)):
        return _first_of(node.elts, kinds, namespace)
    return None


def _first_of(nodes: Sequence[ast.expr], kinds: dict[str, Any], namespace: dict[str, Any] | None) -> ast.Call | None:
    """`_first_call` of the first of ``nodes``, evaluated in order, that is not a literal."""
    for node in nodes:
        if not _literal(node):
            return None if isinstance(node, ast.Starred) else _first_call(node, kinds, namespace)
    return None


def _range(node: ast.expr, kinds: dict[str, Any]) -> bool:
    """Whether ``node`` is ``range(...)`` of the builtin ``range`` and literal bounds (``f(range(10))``)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" and \
        kinds["range"][0] == "builtin" and not node.keywords and 1 <= len(node.args) <= 3 and \
        all(_literal(a) for a in node.args)


def _value(node: ast.expr, kinds: dict[str, Any]) -> Any:
    """The value of the literal ``node`` as the test's compiled code makes it: a set display of constants is built
    from a frozenset constant there, which orders its items unlike ``ast.literal_eval``'s set (``{12, ..., 16}``
    iterates 16 first), and the job's set, and so what the call does with it, follows the order it is sent in.
    A `_range` is the range it makes. ValueError for anything else, and where ``range`` raises (``range(1, 2, 0)``,
    a bound not an int)."""
    if isinstance(node, ast.Call) and _range(node, kinds):
        bounds = [ast.literal_eval(a) for a in node.args]
        if not all(type(b) is int for b in bounds):
            raise ValueError("a range of ints only")
        return range(*bounds)
    value = ast.literal_eval(node)
    if not any(isinstance(part, ast.Set) for part in ast.walk(node)):
        return value  # no set display: the same value, and no compile (most of a row's planning time)
    # Through `reading.syntax`: compiling a tree in two threads at once fails in CPython 3.11 (a SystemError that
    # failed an honest HumanEval+ row while another thread parsed).
    return eval(syntax.compile_tree(ast.Expression(node), "<test>", "eval"), {"__builtins__": {}})


def _literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _inert_callee(func: ast.expr, kinds: dict[str, Any], namespace: dict[str, Any] | None) -> bool:
    """Whether looking ``func`` up cannot raise or reach the job: a builtin, or an attribute path that exists on one
    of this side's modules (``math.isclose``, ``np.linalg.norm``) or on what a setup imported (``Decimal``)."""
    path: list[str] = []
    while isinstance(func, ast.Attribute):
        path.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return False
    kind, target = kinds[func.id]
    if kind == "builtin":
        return not path
    if kind == "module":
        value: Any = importlib.import_module(target)
    elif kind == "trusted" and namespace is not None:
        value = namespace[target]
    else:
        return False
    for attr in reversed(path):
        if not hasattr(value, attr):
            return False
        value = getattr(value, attr)
    return True
