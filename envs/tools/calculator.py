"""The ``calculator`` tool: exact arithmetic on one expression, evaluated here without the sandbox.

It never runs model text as code: the expression is parsed with `ast` and only number literals, parentheses,
``+ - * / // %`` and ``**`` (small exponents) are evaluated, on ints or floats. Inputs are capped (length, number
size, exponent) so a call costs microseconds; anything else comes back as an error message for the model, the
echoed expression passed through `rewards.untrusted.clean`. It has no call budget: a call costs microseconds, so a
rollout's calculator time is bounded by the calls its completion tokens can write.
"""

from __future__ import annotations

import ast
import operator
from typing import Any

from envs.tools.boundary import ERROR_CHARS, clean_errors
from rewards.reading import syntax
from rewards.untrusted import clean

__all__ = ["CalculatorEnv", "calculate"]

MAX_CHARS = 200
MAX_DIGITS = 100  # of any operand or intermediate result
MAX_EXPONENT = 64
_BINARY: dict[type, Any] = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                            ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
                            ast.Pow: operator.pow}
_UNARY: dict[type, Any] = {ast.UAdd: operator.pos, ast.USub: operator.neg}


class CalculationError(ValueError):
    """An expression the calculator does not evaluate; its message is what the model reads."""


def calculate(expression: str) -> str:
    """The value of an arithmetic ``expression`` as text, or ``Error: ...`` (never raises for bad input).

    >>> calculate("123 * 456"), calculate("7 / 2"), calculate("2 ** 10 - 1"), calculate("1 / 0")
    ('56088', '3.5', '1023', 'Error: division by zero')
    """
    if type(expression) is not str:
        return f"Error: the expression must be a string, got {type(expression).__name__}"
    if len(expression) > MAX_CHARS:
        return f"Error: the expression has {len(expression)} characters; at most {MAX_CHARS}."
    try:
        tree = syntax.parse_expression(expression.strip())
    except (SyntaxError, ValueError):  # ValueError: a null byte, or a lone surrogate (JSON "\ud800") in the source
        return clean(f"Error: not an arithmetic expression: {expression.strip()[:60]!r}", ERROR_CHARS)
    try:
        value = _eval(tree.body)
    except (CalculationError, ArithmeticError) as e:
        return f"Error: {e}"
    return str(value)


def _eval(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return _bounded(node.value)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_eval(node.operand))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow) and abs(right) > MAX_EXPONENT:
            raise CalculationError(f"exponent {right} is larger than {MAX_EXPONENT}")
        return _bounded(_BINARY[type(node.op)](left, right))
    raise CalculationError(f"only numbers and + - * / // % ** are allowed, not {type(node).__name__}")


def _bounded(x: Any) -> Any:
    if type(x) is complex:
        raise CalculationError("the result is not a real number")
    if type(x) is int and x.bit_length() > MAX_DIGITS * 3.33:
        raise CalculationError(f"a number has more than {MAX_DIGITS} digits")
    return x


class CalculatorEnv:
    """A TRL environment whose one tool is ``calculator``. ``reset`` keeps nothing of the row (no gold)."""

    def __init__(self) -> None:
        self.calls = self.errors = 0

    def reset(self, **row: Any) -> None:
        """Start a new rollout."""
        self.calls = self.errors = 0

    @property
    def stats(self) -> dict[str, int]:
        """Calls and calls answered with an error message since `reset` (what `eval.tool_loop` counts)."""
        return {"calls": self.calls, "errors": self.errors}

    @clean_errors
    def calculator(self, expression: str) -> str:
        """Evaluate an arithmetic expression exactly.

        Args:
            expression: Numbers with + - * / // % ** and parentheses, e.g. "123 * 456".

        Returns:
            The value, or an error message.
        """
        self.calls += 1
        result = calculate(expression)
        self.errors += result.startswith("Error:")
        return result
