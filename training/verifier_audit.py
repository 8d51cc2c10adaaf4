"""``train.py --verifier_audit N``: each training batch, N sampled completions are judged again by an independent
second judge, and the main verifier's false-positive and false-negative rates are estimated as the run goes.

The second judge of ``math_exact`` is math-verify alone (`MathVerifyAlone`): math-verify's own extraction reads the
whole completion (its last `MAX_COMPLETION_CHARS` characters) instead of rlvr-kit's reader, hedge and form checks,
and compares with the gold, in the same worker pool (CPU budget per item, wall-clock backstop). It is a reference,
not the truth: a "false positive" is a pass math-verify does not give, a "false negative" a fail it would pay; the
disagreements are written with both verdicts to ``OUTPUT_DIR/verifier_audit.jsonl`` for a person to read. Only
``math_exact`` has a second judge so far (a code reward's would run each test alone in a fresh sandbox: not built).

Rates are cumulative over the run, with Wilson intervals: ``false_positive_rate`` = second-judge fails among the
audited main-verifier passes, ``false_negative_rate`` = second-judge passes among the audited fails; a completion the
second judge cannot judge (timeout, a gold it cannot parse) is not counted. It runs on the trainer's critical path,
after the batch is scored: N more items for the math workers a step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval.bootstrap import wilson_interval
from rewards.errors import RlvrError
from rewards.math import workers as math_pool
from rewards.math.exact import gold_answer
from rewards.protocol import completion_text, passes
from rewards.reading.final import MAX_COMPLETION_CHARS

FILE = "verifier_audit.jsonl"
PREFIX = "verifier_audit/"


class MathVerifyAlone:
    """math-verify's own reading and comparison of a whole completion: ``True``/``False``, ``None`` if it cannot
    judge (a gold it cannot parse, a timeout)."""

    __name__ = "math_verify_alone"

    def __init__(self, deadline: float = 0.5) -> None:
        self.deadline = deadline

    def __call__(self, completions: Sequence[Any], golds: Sequence[Any]) -> list[tuple[bool | None, str]]:
        """One ``(passed, detail)`` per completion."""
        items = [math_pool.Item(str(g), completion_text(c)[-MAX_COMPLETION_CHARS:], "text", self.deadline)
                 for c, g in zip(completions, golds, strict=True)]
        results = math_pool.shared_pool(None, self.deadline).run(items) if items else []
        return [({math_pool.CORRECT: True, math_pool.WRONG: False, math_pool.UNPARSED: False}.get(status), detail)
                for status, detail in results]


SECOND_JUDGES = {"math_exact": MathVerifyAlone}


class VerifierAudit:
    """Counts the main verifier's agreement with a second judge on N sampled completions a batch."""

    def __init__(self, n: int, reward_names: Sequence[str], output_dir: str | Path, seed: int = 0) -> None:
        audited = [name for name in reward_names if name in SECOND_JUDGES]
        if n < 0:
            raise RlvrError(f"--verifier_audit takes the completions audited a step (>= 0), got {n}.")
        if not audited:
            raise RlvrError(f"--verifier_audit needs a reward with a second judge ({', '.join(SECOND_JUDGES)}); "
                            f"this run trains on {list(reward_names)}. Drop --verifier_audit.")
        self.n, self.reward = n, audited[0]
        self.judge = SECOND_JUDGES[self.reward]()
        self.path = Path(output_dir) / FILE
        self.rng = random.Random(seed)
        self.counts = {"passes": 0, "fails": 0, "false_positives": 0, "false_negatives": 0, "unjudged": 0}

    def audit(self, step: int, completions: Sequence[Any], columns: Sequence[dict[str, Any]],
              scores: Sequence[float | None]) -> dict[str, float]:
        """Judge N of a batch's completions again (``scores``: the main verifier's); log the disagreements and
        return the cumulative rates as metrics."""
        rows = [i for i, s in enumerate(scores) if s is not None and _gold(columns[i]) is not None]
        chosen = sorted(self.rng.sample(rows, min(self.n, len(rows))))
        second = self.judge([completions[i] for i in chosen], [_gold(columns[i]) for i in chosen])
        disagreements = []
        for i, (passed, detail) in zip(chosen, second, strict=True):
            main = passes(scores[i])
            if passed is None:
                self.counts["unjudged"] += 1
                continue
            self.counts["passes" if main else "fails"] += 1
            if passed != main:
                self.counts["false_positives" if main else "false_negatives"] += 1
                disagreements.append({"step": step, "main": {"reward": self.reward, "score": scores[i]},
                                      "second": {"judge": self.judge.__name__, "passed": passed, "detail": detail},
                                      "gold": str(_gold(columns[i]))[:500],
                                      "completion": completion_text(completions[i])[-2000:]})
        if disagreements:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as f:
                f.writelines(json.dumps(d) + "\n" for d in disagreements)
        return {PREFIX + k: v for k, v in self.rates().items() if v is not None}

    def rates(self) -> dict[str, float | None]:
        """The cumulative rates with their 95% Wilson bounds (``None`` before any audited pass, or fail)."""
        out: dict[str, float | None] = {}
        for rate, wrong, total in (("false_positive_rate", "false_positives", "passes"),
                                   ("false_negative_rate", "false_negatives", "fails")):
            n, k = self.counts[total], self.counts[wrong]
            low, high = wilson_interval(k, n) if n else (None, None)
            out |= {rate: k / n if n else None, f"{rate}_low": low, f"{rate}_high": high}
        return out

    def summary(self) -> dict[str, Any]:
        """What results.json records: the second judge, the counts and the rates with their intervals."""
        return {"reward": self.reward, "second_judge": self.judge.__name__, "per_step": self.n, **self.counts,
                **self.rates(), "confidence": 0.95, "disagreements": str(self.path)}


def _gold(columns: dict[str, Any]) -> Any:
    """The row's gold: its ``answer``, or the final box of its ``solution`` (math_exact's golds); ``None`` if none."""
    if "answer" in columns:
        gold = columns["answer"]
        return None if gold is None or gold != gold else gold  # NaN: a missing gold
    solution = columns.get("solution")
    return None if not isinstance(solution, str) else gold_answer(solution)
