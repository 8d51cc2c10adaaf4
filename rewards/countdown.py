"""``countdown``: does the completion's expression reach the target using exactly the given numbers?

The final expression is the last ``\\boxed{...}`` or ``<answer>...</answer>`` (`rewards.reading.final.final_answer`);
an optional ``= <target>`` after it is accepted. The expression is parsed with `ast`, never evaluated by Python: only
integer literals, ``+ - * /`` and parentheses pass a whitelist, so names, calls, powers and attribute access are
rejected before anything is computed. Then, in this order:

1. the literals must be the given numbers as a multiset: each used exactly once, none missing, none foreign
   (reasoning-gym once shipped a verifier that accepted numbers not in the puzzle);
2. the value is computed with exact fractions; division by zero is wrong, and so is a division with a non-integer
   result when the task demands integer steps (the ``integer_steps`` column, or the reward's parameter);
3. the value must equal the target.

Numbers must be ASCII digits: full-width, Arabic-Indic or superscript digits, leading zeros (``06``), unary
signs, implicit multiplication (``2(3+4)``, a call) and ``=`` chains are unparsed or wrong, never an error.

Limits: unary minus is rejected (countdown combines the given numbers with binary operators only); literals must be
written plainly (``10``, not ``1_0`` or ``0xA``); LaTeX beyond ``\\times``, ``\\cdot`` and ``\\div`` is unparsed.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

from rewards.protocol import Reward, Status, Verdict
from rewards.reading import syntax
from rewards.reading.final import final_answer

MAX_EXPRESSION_CHARS = 256  # an honest countdown expression is short; this also bounds parser depth

_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_SPELLINGS = (("\\times", "*"), ("\\cdot", "*"), ("×", "*"), ("·", "*"), ("⋅", "*"), ("∗", "*"),
              ("\\div", "/"), ("÷", "/"), ("−", "-"),
              ("\\left", ""), ("\\right", ""))


class RuleBroken(Exception):
    """The expression parses but breaks a countdown rule (the message says which)."""


class Countdown(Reward):
    """1.0 when the final expression uses exactly the given numbers and equals the target, else 0.0.

    Args:
        integer_steps: whether every division must give an integer, for rows without an ``integer_steps`` column.
    """

    __name__ = "countdown"
    columns = ("numbers", "target")

    def __init__(self, integer_steps: bool = True) -> None:
        self.integer_steps = integer_steps

    def judge(self, completions: list[str], numbers: list[Sequence[int]], target: list[int],
              integer_steps: list[bool | None] | None = None, **kwargs: Any) -> list[Verdict | None]:
        rules = integer_steps if integer_steps is not None else [None] * len(completions)
        verdicts: list[Verdict | None] = []
        for completion, given, goal, rule in zip(completions, numbers, target, rules, strict=True):
            if given is None or goal is None:
                verdicts.append(None)
                continue
            expression = final_answer(completion)
            if expression is None:
                verdicts.append(Verdict(0.0, Status.UNPARSED, "no single final \\boxed{} or <answer></answer>"))
                continue
            verdicts.append(check(expression, given, goal, self.integer_steps if rule is None else bool(rule)))
        return verdicts


def check(expression: str, numbers: Sequence[int], target: int, integer_steps: bool = True) -> Verdict:
    """Judge one countdown expression; the `Verdict` detail names the rule a wrong answer broke.

    >>> check("(6-2)*5", [2, 5, 6], 20).status.value
    'correct'
    >>> check("6*5-2*5", [2, 5, 6], 20).detail
    'reuses 5'
    """
    text = expression
    for spelling, operator in _SPELLINGS:
        text = text.replace(spelling, operator)
    if len(text) > MAX_EXPRESSION_CHARS:  # before the split: the claimed value is text the policy writes too
        return Verdict(0.0, Status.UNPARSED, f"expression longer than {MAX_EXPRESSION_CHARS} characters")
    text, sep, claimed = text.partition("=")
    try:
        tree = syntax.parse_expression(text.strip())
    except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
        return Verdict(0.0, Status.UNPARSED, f"not an expression: {type(e).__name__}")
    try:
        if sep and _literal(claimed) != target:
            raise RuleBroken(f"claims = {claimed.strip()}, not the target {target}")
        literals = _literals(tree.body, text.strip())
        _check_numbers(literals, numbers)
        value = _evaluate(tree.body, integer_steps)
    except RuleBroken as e:
        return Verdict(0.0, Status.WRONG, str(e))
    if value != target:
        return Verdict(0.0, Status.WRONG, f"equals {value}, not {target}")
    return Verdict(1.0, Status.CORRECT)


def _literal(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits, else ``None`` (``str.isdigit`` also takes ``²`` and ``٣``)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


def _literals(node: ast.AST, source: str) -> list[int]:
    """The integer literals of a whitelisted expression, in order; anything off the whitelist raises RuleBroken."""
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _OPERATORS:
            raise RuleBroken(f"uses {type(node.op).__name__}; only + - * / are allowed")
        return _literals(node.left, source) + _literals(node.right, source)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        if ast.get_source_segment(source, node) != str(node.value):
            raise RuleBroken(f"writes {ast.get_source_segment(source, node)} for {node.value}; write numbers plainly")
        return [node.value]
    if isinstance(node, ast.Constant):
        raise RuleBroken(f"uses {ast.get_source_segment(source, node)}, not a whole number among the given ones")
    if isinstance(node, ast.UnaryOp):
        raise RuleBroken("uses a unary sign; combine the given numbers with + - * / only")
    raise RuleBroken(f"uses {type(node).__name__}; only the given numbers, + - * / and parentheses are allowed")


def _check_numbers(used: list[int], given: Sequence[int]) -> None:
    have, want = Counter(used), Counter(int(n) for n in given)
    foreign = sorted(n for n in have if n not in want)
    reused = sorted(n for n in have if n in want and have[n] > want[n])
    missing = sorted((want - have).elements())
    if foreign:
        raise RuleBroken(f"uses {', '.join(map(str, foreign))}, not among the given numbers")
    if reused:
        raise RuleBroken(f"reuses {', '.join(map(str, reused))}")
    if missing:
        raise RuleBroken(f"leaves out {', '.join(map(str, missing))}")


def _evaluate(node: ast.AST, integer_steps: bool) -> Fraction:
    if isinstance(node, ast.Constant):
        return Fraction(node.value)  # type: ignore[arg-type]  # an int: the whitelist admits no other constant
    node = cast(ast.BinOp, node)  # the whitelist leaves constants and binary operations only
    left, right = _evaluate(node.left, integer_steps), _evaluate(node.right, integer_steps)
    op = _OPERATORS[type(node.op)]
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if right == 0:
        raise RuleBroken("divides by zero")
    quotient = left / right
    if integer_steps and quotient.denominator != 1:
        raise RuleBroken(f"non-integer step {left}/{right} = {quotient}")
    return quotient
