"""Composed rewards: products, gates and weights, written as one spec string on the command line or built in Python.

Grammar (spaces ignored)::

    spec    := [weight "*"] gated          weight: a number, becomes this reward's GRPOConfig.reward_weights entry
    gated   := product ("|if:" product)*   the reward counts only where every condition holds, else min(0, it)
    product := call ("*" call)*            the product of the scores
    call    := id ["(" key=value, ... ")"] a registered id (or module:function) and its parameters (YAML values)

``math_exact|if:format_think`` pays ``math_exact`` only when ``format_think`` holds (its status is ``correct``);
``math_exact*format_think`` multiplies the scores (same here, but partial credit such as ``tag_count`` scales);
``0.2*overlong(max_len=12,cache=4)`` is a weighted shaping term. A row any part cannot score (``None``) is ``None``;
a completion any part could not judge through no fault of its own (status ``unscorable``) is unscorable as a whole,
so a format bonus is never paid alone for an answer nobody checked. For the same reason `rewards.get_many` makes the
other specs of a run unscorable wherever the first one (the correctness judge) is (`Withheld`).

Composition never rewards failing a part: a failed gate scores ``min(0, paid)`` (it withholds a reward but keeps a
penalty: ``length_scaled|if:format_think`` gives a wrong, unformatted answer its negative score, not 0.0); a product
with a negative factor scores that factor (the most negative one), since 0 times a penalty cancels it and a penalty
times a negative score is positive; weights are finite and >= 0 (a negative weight would flip a penalty into a
prize). Still, gate rewards that pay and add penalties as separate terms: a gate withholds, it does not punish.

Nothing is judged twice in a step: `rewards.get_many` (`rewards.catalog`) builds all specs of a run from one pool,
so ``math_exact``, ``math_exact|if:format_think`` and ``length_scaled`` share one ``math_exact`` instance, and a
`Reward` reuses the verdicts of the last batch it judged (see `rewards.protocol.Reward.verdicts`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from rewards.errors import RlvrError
from rewards.protocol import (
    Reward,
    RewardFn,
    Status,
    Verdict,
    as_verdict,
    is_unscorable,
    required_columns,
    unscorable,
)
from rewards.registry import parse_value

_TOKEN = re.compile(r"\s*(?:(?P<if>\|if:)|(?P<op>[*(),=])|(?P<word>[^\s*(),=|]+))")
_OPERATORS = frozenset({"*", "(", ")", ",", "=", "|if:"})
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\Z")


@dataclass(frozen=True)
class Call:
    """One reward in a spec: its id and parameters."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        args = ",".join(f"{k}={v}" for k, v in self.params)
        return f"{self.id}({args})" if args else self.id


@dataclass(frozen=True)
class Spec:
    """A parsed spec: ``gates[0]`` is the paid product, ``gates[1:]`` the conditions; ``weight`` or ``None``."""

    gates: tuple[tuple[Call, ...], ...]
    weight: float | None = None

    def __str__(self) -> str:
        return "|if:".join("*".join(str(c) for c in product) for product in self.gates)


def is_composed(spec: str) -> bool:
    """Whether ``spec`` uses the composition grammar rather than naming one reward.

    >>> is_composed("math_exact"), is_composed("math_exact|if:format_think")
    (False, True)
    """
    return any(ch in spec for ch in "*()|")


def parse(spec: str) -> Spec:
    """Parse a reward spec string.

    Raises:
        RlvrError: the spec does not follow the grammar (the message quotes it and shows an example).

    >>> str(parse(" 2 * math_exact | if: format_think "))
    'math_exact|if:format_think'
    >>> parse("2*math_exact").weight
    2.0
    """
    tokens = _tokenize(spec)
    weight = None
    if len(tokens) > 2 and _NUMBER.match(tokens[0]) and tokens[1] == "*":
        weight, tokens = float(tokens[0]), tokens[2:]
        if not 0 <= weight < math.inf:  # a negative weight turns a penalty into a prize and a score into a penalty
            raise _syntax(spec, f"the weight {weight} must be a finite number >= 0; to penalise, use a reward "
                          "that scores negative")
    gates, product, i = [], [], 0
    while True:
        call, i = _call(spec, tokens, i)
        product.append(call)
        if i == len(tokens):
            gates.append(tuple(product))
            return Spec(tuple(gates), weight)
        if tokens[i] == "*":
            i += 1
        elif tokens[i] == "|if:":
            gates.append(tuple(product))
            product, i = [], i + 1
        else:
            raise _syntax(spec, f"unexpected {tokens[i]!r}")
        if i == len(tokens):
            raise _syntax(spec, "it ends with an operator")


def _tokenize(spec: str) -> list[str]:
    tokens, pos, text = [], 0, spec.strip()
    text = re.sub(r"\|\s*if\s*:", "|if:", text)
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise _syntax(spec, f"cannot read {text[pos:]!r}")
        tokens.append(match["if"] or match["op"] or match["word"])
        pos = match.end()
    if not tokens:
        raise _syntax(spec, "it is empty")
    return tokens


def _call(spec: str, tokens: list[str], i: int) -> tuple[Call, int]:
    if i >= len(tokens) or tokens[i] in _OPERATORS:
        raise _syntax(spec, f"expected a reward id at {' '.join(tokens[i:]) or 'the end'!r}")
    name, i = tokens[i], i + 1
    if _NUMBER.match(name):
        raise _syntax(spec, f"a number ({name}) may only come first, as the weight: '{name}*{'reward'}'")
    params: dict[str, Any] = {}
    if i < len(tokens) and tokens[i] == "(":
        i += 1
        while tokens[i:i + 1] != [")"]:
            if i >= len(tokens):
                raise _syntax(spec, f"the '(' after {name!r} is never closed")
            key = tokens[i]
            if key in _OPERATORS or tokens[i + 1:i + 2] != ["="]:
                raise _syntax(spec, f"parameters of {name!r} must read key=value")
            if tokens[i + 2:i + 3] == [] or tokens[i + 2] in _OPERATORS:
                raise _syntax(spec, f"parameter {key!r} of {name!r} has no value (write {key}=VALUE)")
            if key in params:
                raise _syntax(spec, f"parameter {key!r} of {name!r} is given twice")
            params[key] = parse_value(tokens[i + 2])
            i += 3
            if tokens[i:i + 1] == [","]:
                i += 1
            elif tokens[i:i + 1] not in ([")"], []):
                raise _syntax(spec, f"parameters of {name!r} are separated by ','")
        i += 1
    elif i < len(tokens) and tokens[i] == ")":
        raise _syntax(spec, f"the ')' after {name!r} has no matching '('")
    return Call(name, tuple(params.items())), i


def _syntax(spec: str, problem: str) -> RlvrError:
    return RlvrError(f"Cannot parse reward spec {spec!r}: {problem}. Expected e.g. 'math_exact', "
                     "'math_exact|if:format_think', 'math_exact*tag_count' or '0.5*overlong(max_len=512,cache=128)'.")


def weights_of(specs: list[str]) -> list[float] | None:
    """The ``GRPOConfig.reward_weights`` the specs give: ``None`` when none has a ``weight*`` prefix.

    >>> weights_of(["math_exact", "0.5*format_think"])
    [1.0, 0.5]
    """
    weights = [parse(s).weight for s in specs]
    return None if all(w is None for w in weights) else [1.0 if w is None else w for w in weights]


def verdicts_of(reward: RewardFn, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
    """The verdicts of any reward function: a `Reward`'s own (cached per batch), or its floats made into verdicts.

    >>> from rewards.format import FormatBoxed
    >>> [v.status.value for v in verdicts_of(FormatBoxed(), ["\\\\boxed{1}", "1"])]
    ['correct', 'wrong']
    """
    if isinstance(reward, Reward):
        return reward.verdicts(completions, **kwargs)
    return [as_verdict(s) for s in reward(completions=completions, **kwargs)]


class _Composite(Reward):
    """A reward computed from other rewards' verdicts, called with the same batch."""

    def __init__(self, parts: list[RewardFn], name: str) -> None:
        self.parts = list(parts)
        self.__name__ = name
        self.cacheable = all(getattr(p, "cacheable", False) for p in self.parts)
        self.verifiable = all(getattr(p, "verifiable", True) for p in self.parts)

    @property
    def columns(self) -> tuple[str | tuple[str, ...], ...]:  # type: ignore[override]
        return tuple(dict.fromkeys(c for p in self.parts for c in required_columns(p)))

    def inputs(self, completions: list[Any]) -> list[Any]:
        return list(completions)  # the parts read them as TRL sent them

    def part_verdicts(self, completions: list[Any], kwargs: dict[str, Any]) -> list[list[Verdict | None]]:
        return [verdicts_of(p, completions, **kwargs) for p in self.parts]


class Product(_Composite):
    """The product of its parts' scores; ``correct`` when every part is. A negative part is a penalty and is paid
    as is (the most negative one): scaling it by another part would let failing that part cancel the penalty (0 times
    it) or flip it into a reward (a negative times a negative)."""

    def judge(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        rows = zip(*self.part_verdicts(completions, kwargs), strict=True)
        return [_unjudged(row, self.parts) if _partly_unjudged(row) else _product(row) for row in rows]


def _partly_unjudged(row: tuple[Verdict | None, ...]) -> bool:
    """Whether some part of a composed row cannot score it (``None``) or could not judge it (``unscorable``)."""
    return any(v is None or is_unscorable(v) for v in row)


def _unjudged(row: tuple[Verdict | None, ...], parts: list[RewardFn]) -> Verdict | None:
    """A `_partly_unjudged` row: ``None`` when a part cannot score the row, else ``unscorable``, naming the parts
    that could not judge it."""
    lost = [f"{getattr(p, '__name__', '?')}: {v.detail or 'unscorable'}" for p, v in zip(parts, row)
            if v is not None and is_unscorable(v)]
    return None if any(v is None for v in row) else unscorable("not judged (" + "; ".join(lost) + ")")


def _product(row: tuple[Verdict, ...]) -> Verdict:
    failed = [v for v in row if v.status is not Status.CORRECT]
    status = failed[0].status if failed else Status.CORRECT
    detail = "; ".join(v.detail for v in failed if v.detail)
    scores = [_score(v) for v in row]
    worst = min(scores)
    answer = next((v.answer for v in row if v.answer is not None), None)  # the part that reads an answer
    return Verdict(worst if worst < 0 else math.prod(scores), status, detail, answer)


def _score(verdict: Verdict) -> float:
    if verdict.score is None:  # `_unjudged` took every unscorable row first
        raise ValueError(f"an unscorable verdict has no score to compose ({verdict.detail})")
    return verdict.score


class Gated(_Composite):
    """The first part's verdict where every condition holds (status ``correct``); else what it pays is withheld
    (0.0) but what it charges is kept (a negative score stays): failing a gate never beats passing it."""

    def __init__(self, paid: RewardFn, conditions: list[RewardFn], name: str) -> None:
        super().__init__([paid, *conditions], name)

    def judge(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        paid, *conditions = self.part_verdicts(completions, kwargs)
        names = [getattr(p, "__name__", "?") for p in self.parts[1:]]
        out: list[Verdict | None] = []
        for i, verdict in enumerate(paid):
            gates = [c[i] for c in conditions]
            row = (verdict, *gates)
            if verdict is None or _partly_unjudged(row):
                out.append(_unjudged(row, self.parts))
                continue
            failed = [f"{n}: {g.detail or g.status.value}" for n, g in zip(names, gates)
                      if g is not None and g.status is not Status.CORRECT]
            out.append(verdict if not failed else
                       Verdict(min(0.0, _score(verdict)), Status.WRONG, "gate failed (" + "; ".join(failed) + ")",
                               verdict.answer))
        return out


class Withheld(_Composite):
    """``paid`` judged as it is, except where ``judge`` (the run's correctness reward) could not judge a completion
    through no fault of its own: that completion is unscorable here too, so a bonus (a format reward, a length
    penalty) is never paid alone for an answer nobody checked; TRL then leaves the completion out of GRPO.

    Named and logged as ``paid``: its status rates are ``paid``'s own (the judge logs its ``unscorable_rate``), so
    nothing is counted twice. The judge's verdicts are read from its last batch (`Reward.last_verdicts`): TRL calls
    the judge first, so nothing is judged twice; a judge not yet called on the batch is called here.
    """

    def __init__(self, paid: RewardFn, judge: Reward) -> None:
        super().__init__([paid, judge], str(getattr(paid, "__name__", "reward")))
        # Reused only when both are: a stochastic judge judging the batch again may change what is withheld.
        self.cacheable = bool(getattr(paid, "cacheable", False) and judge.cacheable)
        self.verifiable = getattr(paid, "verifiable", True)
        self.paid, self.judge_reward = paid, judge

    @property
    def columns(self) -> tuple[str | tuple[str, ...], ...]:  # type: ignore[override]
        return required_columns(self.paid)  # the judge's columns are its own spec's to require

    def judge(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        verdicts = verdicts_of(self.paid, completions, **kwargs)
        judged = self.judge_reward.last_verdicts(completions, **kwargs)
        if judged is None:
            judged = self.judge_reward.verdicts(completions, **kwargs)
        name = self.judge_reward.__name__
        return [unscorable(f"withheld: {name} could not judge this completion ({j.detail})")
                if j is not None and is_unscorable(j) else v for v, j in zip(verdicts, judged, strict=True)]

    def record(self, verdicts: Any, log_metric: Any) -> None:
        """Count, but log nothing: ``paid`` logged its own rates under this name, the judge its ``unscorable_rate``."""
        super().record(verdicts, None)


def withheld(funcs: list[RewardFn]) -> list[RewardFn]:
    """``funcs`` with every one after the first made `Withheld` by the first (the run's correctness judge), when it
    is a `Reward` (whose verdicts say which completions it could not judge). An async function (TRL awaits it on
    its own thread) stays as it is: it cannot be withheld.

    >>> from rewards.format import FormatBoxed, FormatThink
    >>> [type(f).__name__ for f in withheld([FormatBoxed(), FormatThink()])]
    ['FormatBoxed', 'Withheld']
    """
    if not funcs or not isinstance(funcs[0], Reward):
        return list(funcs)
    judge = funcs[0]
    return [judge, *(Withheld(f, judge) if isinstance(f, Reward) else f for f in funcs[1:])]
