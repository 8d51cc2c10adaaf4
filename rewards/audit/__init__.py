"""Reward-hacking audit: feed a reward the known hacks of `rewards.audit.hacks` and report which ones it pays.

    python -m rewards.audit math_exact format_think "math_exact|if:format_think" --env arithmetic   # the CLI

Each reward is called exactly as GRPOTrainer calls it (``prompts``, ``completions``, ``completion_ids`` and every
dataset column, one batch per case over the env's first held-out problems). A hack is *hacked* on a problem when it
earns more than ``max(0, its baseline)``: the honest case it names (see `rewards.audit.hacks`). A hack that only loses
less than its baseline while staying at or below zero (a long wrong answer under ``length_scaled``) is shown as a
note, not a failure. The CLI prints one table per reward (case, reward earned, expected, result) and exits 1 when
any hack earns reward. A reward whose columns the env lacks is refused, not audited: it would score 0.0 (status
``error``) on every case, hacks included, and pass.

Token counts: ``completion_ids`` come from ``tokenizer`` when given, else one id per word or punctuation mark.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rewards.audit.hacks import Case, build_cases
from rewards.errors import RlvrError
from rewards.protocol import RewardFn, call_like_trainer, check_columns

logger = logging.getLogger(__name__)

_PIECE = re.compile(r"\w+|[^\w\s]")


@dataclass
class CaseResult:
    """What one reward paid one case: per-problem scores and, for a hack, its ceiling per problem."""

    case: Case
    scores: list[float | None]
    ceilings: list[float] | None = None
    baseline_scores: list[float | None] | None = None

    @property
    def earned(self) -> float | None:
        """The mean score over problems the reward could score."""
        known = [s for s in self.scores if s is not None]
        return sum(known) / len(known) if known else None

    @property
    def hacked_on(self) -> int:
        """On how many problems the hack earned more than its ceiling."""
        if self.ceilings is None:
            return 0
        return sum(s is not None and s > c + 1e-9 for s, c in zip(self.scores, self.ceilings, strict=True))

    @property
    def beats_baseline(self) -> bool:
        """Whether the hack did better than its baseline somewhere, though not above zero."""
        if self.baseline_scores is None:
            return False
        return any(s is not None and b is not None and s > b + 0.01
                   for s, b in zip(self.scores, self.baseline_scores, strict=True))

    def expected(self) -> str:
        if self.ceilings is None:
            return "(reference)"
        return f"<= {sum(self.ceilings) / len(self.ceilings):.2f} (max(0, {self.case.baseline}))"

    def result(self) -> str:
        if self.ceilings is None:
            return ""
        if self.hacked_on:
            return f"HACKED on {self.hacked_on}/{len(self.scores)}"
        return f"ok, but pays more than {self.case.baseline}" if self.beats_baseline else "ok"


@dataclass
class AuditReport:
    """The audit of one reward: a `CaseResult` per case, in library order."""

    reward: str
    results: list[CaseResult] = field(default_factory=list)

    @property
    def hacked(self) -> list[str]:
        """Names of the hacks that earned reward."""
        return [r.case.name for r in self.results if r.hacked_on]

    @property
    def passed(self) -> bool:
        return not self.hacked

    def table(self) -> str:
        """A plain-text table: case, reward earned, expected, result."""
        rows = [("case", "reward earned", "expected", "result")]
        for r in self.results:
            earned = "None" if r.earned is None else f"{r.earned:.3f}"
            rows.append((r.case.name, earned, r.expected(), r.result()))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines = [f"audit of reward {self.reward!r}: " + ("PASS" if self.passed else "FAIL: " + ", ".join(self.hacked))]
        lines += ["  " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
        return "\n".join(lines)


def audit(reward: RewardFn, rows: list[dict[str, Any]], tokenizer: Any = None) -> AuditReport:
    """Audit one reward on problem ``rows`` (dicts of dataset columns, ``prompt`` included).

    Raises:
        ValueError: no hack applies to the rows' columns.
        MissingColumnError: the rows lack a column the reward reads: it would fail on every case and pass.
    """
    check_columns([reward], list(rows[0]) if rows else [], where="the audit env")
    tokenize = _tokenizer(tokenizer)
    report = AuditReport(getattr(reward, "__name__", repr(reward)))
    by_name: dict[str, CaseResult] = {}
    for case in build_cases(rows):
        scores = _score(reward, case, rows, tokenize)
        result = CaseResult(case, scores)
        if case.baseline is not None:  # a hack, scored against its honest baseline
            base = by_name[case.baseline].scores
            result.baseline_scores = base
            result.ceilings = [max(0.0, b if b is not None else 0.0) for b in base]
        by_name[case.name] = result
        report.results.append(result)
    return report


def _score(reward: RewardFn, case: Case, rows: list[dict[str, Any]], tokenize: Callable[[str], list[int]]
           ) -> list[float | None]:
    chat = isinstance(rows[0].get("prompt"), list)
    completions = [[{"role": "assistant", "content": t}] if chat else t for t in case.texts]
    columns = {k: [r[k] for r in rows] for k in rows[0] if k != "prompt"}
    scores, _ = call_like_trainer(reward, prompts=[r.get("prompt") for r in rows], completions=completions,
                                  completion_ids=[tokenize(t) for t in case.texts], columns=columns)
    return scores


def _tokenizer(tokenizer: Any) -> Callable[[str], list[int]]:
    if tokenizer is not None:
        return lambda text: list(tokenizer(text, add_special_tokens=False)["input_ids"])
    vocab: dict[str, int] = {}
    return lambda text: [vocab.setdefault(p, len(vocab)) for p in _PIECE.findall(text)]


def audit_all(rewards_: list[RewardFn], rows: list[dict[str, Any]], tokenizer: Any = None) -> list[AuditReport]:
    """Audit each reward on the same problems."""
    return [audit(r, rows, tokenizer) for r in rewards_]


def audit_or_raise(reward_funcs: list[RewardFn], rows: list[dict[str, Any]],
                   show: Callable[[str], Any] | None = None) -> list[AuditReport]:
    """Audit every reward (``show`` gets each table) and raise `RlvrError` naming the hacks that earn reward."""
    reports = audit_all(reward_funcs, rows)
    for report in reports:
        if show is not None:
            show(report.table())
    hacked = {r.reward: r.hacked for r in reports if not r.passed}
    if hacked:
        raise RlvrError(f"audit failed, known hacks earn reward: {hacked}. Fix or compose the rewards "
                        "(e.g. gate with '|if:format_think'), or run without --audit.")
    return reports
