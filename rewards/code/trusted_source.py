"""The row's trusted code (prompt, test, setup) compiled so that its functions can be passed into the sandbox.

In one process a test may hand the function under test a function of its own: ``candidate(lambda v: v * 2, 3)``,
a key function, a helper it defines. Such a function cannot cross as data, so each ``lambda`` and ``def`` of the
row's code is compiled to remember its source text (a decorated def's undecorated function, under its decorators: a
test's ``@candidate(3)`` hands the completion's decorator a function that can cross), and `describe` gives the sandbox
what the job needs to rebuild it (`rewards.sandbox.inside.codec.FunctionTable`): the source, and the values of the
free names it reads. The job compiles it in its own module's namespace, as the human-eval and MBPP harnesses run
program and test in one module. All of it is the row's code, never the completion's: no job text is compiled on this
side.
"""

from __future__ import annotations

import ast
import dis
import functools
import importlib.util
import itertools
import sys
import textwrap
import types
import weakref
from collections.abc import Callable
from typing import Any

from rewards.reading import syntax

__all__ = ["compiled", "describe", "run"]

TAG = "__rlvr_source__"  # the name the compiled code calls to tag each function with its source
# Each tagged function's name, source and the code compiled from that source: a decorator of the test's that
# returns the function with other code (``fn.__code__ = ...``) leaves a function its source no longer describes.
_SOURCES: weakref.WeakKeyDictionary[types.FunctionType, tuple[str, str, types.CodeType]] = weakref.WeakKeyDictionary()


def _tag(name: str, source: str) -> Callable[[Any], Any]:
    def tag(fn: Any) -> Any:
        if type(fn) is types.FunctionType:
            _SOURCES[fn] = (name, source, fn.__code__)
        return fn
    return tag


def _call_tag(name: str, source: str) -> ast.Call:
    return ast.Call(ast.Name(TAG, ast.Load()), [ast.Constant(name), ast.Constant(source)], [])


class _Tagger(ast.NodeTransformer):
    """Wraps each lambda in a tagging call and gives each def a tagging decorator, innermost."""

    def __init__(self, source: str) -> None:
        self.source = source

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        self.generic_visit(node)
        text = ast.get_source_segment(self.source, node)
        if text is None:
            return node
        # In parentheses: a lambda continued on the next line inside a call's parentheses is not an expression alone.
        return ast.copy_location(ast.Call(_call_tag("<lambda>", f"(\n{text}\n)"), [node], []), node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        text = ast.get_source_segment(self.source, node, padded=True)  # from ``def``: decorators are outside it
        self.generic_visit(node)
        if text is not None:
            # Innermost, so the function tagged is the def's source alone; what its decorators make of it (an
            # ``lru_cache``, a wrapper of the job's: ``@candidate(3)``) is another object, tagged only if it is
            # this same function unchanged (`describe`).
            node.decorator_list = [*node.decorator_list, _call_tag(node.name, _at_top_level(textwrap.dedent(text)))]
        return node


class _NonlocalAsGlobal(ast.NodeTransformer):
    """Makes a function's own ``nonlocal`` statements ``global`` ones, leaving the functions and classes nested in
    it as they are (their ``nonlocal`` names are the function's own locals)."""

    def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
        return ast.copy_location(ast.Global(node.names), node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef  # type: ignore[assignment]


def _at_top_level(source: str) -> str:
    """A def's ``source`` as the job compiles it, alone at the top of its module: the names the def declares
    ``nonlocal`` (its enclosing function's, sent with it as its free values) are that module's globals there, so
    they are declared ``global`` (a test's counter that the completion's calls of it count up)."""
    if "nonlocal" not in source:
        return source
    try:
        tree = syntax.parse(source)  # not `ast.parse`: one in another thread at once fails (`reading.syntax`)
    except SyntaxError:
        return source
    top = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return source
    top.body = [_NonlocalAsGlobal().visit(stmt) for stmt in top.body]
    return ast.unparse(ast.fix_missing_locations(tree))


@functools.lru_cache(maxsize=4096)  # a GRPO step judges each row G times
def compiled(source: str, name: str) -> Any:
    """``source`` compiled with its functions tagged (run it with `run`, which binds the tag)."""
    if "lambda" not in source and "def" not in source:  # no function to tag: the same code, without the tree walk
        return syntax.compile_source(source, name)
    tree = _Tagger(source).visit(syntax.parse(source, name))
    return syntax.compile_tree(ast.fix_missing_locations(tree), name)


def run(source: str, name: str, namespace: dict[str, Any]) -> None:
    """Execute the row's trusted ``source`` in ``namespace``, its functions tagged for `describe`, with the
    namespace in ``sys.modules`` under its ``__name__`` meanwhile, as an imported module's is (``@dataclass`` and
    ``typing.get_type_hints`` look a class's module up there); give each run a name of its own (`module_name`):
    rows are judged in parallel threads."""
    namespace.setdefault(TAG, _tag)
    key = namespace.get("__name__")
    if type(key) is not str or key in sys.modules:
        exec(compiled(source, name), namespace)
        return
    module = _Module()
    module.__dict__ = namespace
    sys.modules[key] = module  # type: ignore[assignment]
    try:
        exec(compiled(source, name), namespace)
    finally:
        sys.modules.pop(key, None)


class _Module:
    """A stand-in module whose ``__dict__`` is a namespace (a real module's cannot be replaced)."""


_RUNS = itertools.count()


def module_name(kind: str) -> str:
    """A fresh module name for one run of the row's code (``__check_17__``)."""
    return f"__{kind}_{next(_RUNS)}__"


# The instructions that read a global name. ``co_names`` also holds every attribute name (``lambda r: r.check``):
# the values of the test's globals named like them would go into the job unread (the whole ``check`` function, with
# every value it expects, for ``r.check``).
_GLOBAL_READS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS"})


@functools.lru_cache(maxsize=4096)  # a row's functions are described again at every call that passes them
def _names(code: types.CodeType) -> frozenset[str]:
    """The global names ``code`` and the code nested in it read."""
    found = {ins.argval for ins in dis.get_instructions(code) if ins.opname in _GLOBAL_READS}
    for const in code.co_consts:
        if type(const) is types.CodeType:
            found |= _names(const)
    return frozenset(found)


Described = tuple[str, str, dict[str, Any], dict[str, str]]


def describe(fn: Any, job_global: Callable[[Any], str | None]) -> Described | None:
    """``(name, source, values, aliases)`` of a function of the row's code, None for any other: ``values`` are the
    free names it reads that the row's code bound (closure cells and globals), ``aliases`` those that stand for a
    global of the job (``job_global(value)``: the completion's function a test calls ``candidate``) or a module
    (``"import:<name>"``)."""
    tagged = _SOURCES.get(fn) if type(fn) is types.FunctionType else None
    if tagged is None or fn.__code__ is not tagged[2]:
        return None
    free: dict[str, Any] = {}
    scope = fn.__globals__
    for var in _names(fn.__code__):
        if var in scope and var != TAG and not var.startswith("__"):
            free[var] = scope[var]
    for var, cell in zip(fn.__code__.co_freevars, fn.__closure__ or (), strict=False):
        try:
            free[var] = cell.cell_contents
        except ValueError:  # a cell not yet bound: the name is defined later in the enclosing function
            continue
    values, aliases = {}, {}
    for var, value in free.items():
        target = job_global(value)
        if target is not None:
            aliases[var] = target
        elif type(value) is types.ModuleType and importlib.util.find_spec(value.__name__) is not None:
            aliases[var] = "import:" + value.__name__
        else:
            values[var] = value
    return tagged[0], tagged[1], values, aliases
