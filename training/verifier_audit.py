"""``train.py --verifier_audit N``: each training batch, N sampled completions are judged again by an independent
second judge (`training.second_judges`: math-verify alone for ``math_exact``, each unit test alone in a sandbox of
its own for ``code_tests``), and the main verifier's false-positive and false-negative rates are estimated as the run
goes. Disagreements are written with both verdicts to ``OUTPUT_DIR/verifier_audit.jsonl`` for a person to read.

Rates are cumulative over the run, with 95% Wilson score intervals (`eval.bootstrap.wilson_interval`: they stay
inside [0, 1] and are not empty at 0 or n, which small audits produce): ``false_positive_rate`` = second-judge fails
among the audited main-verifier passes, ``false_negative_rate`` = second-judge passes among the audited fails; a
completion the second judge cannot judge is counted as ``unjudged``, not in either rate.

Off the trainer's critical path: `VerifierAudit.submit` samples the N rows and hands them to one background thread
through a bounded queue without waiting; the judging runs in the second judge's own workers (never the reward's, whose
pool serves one batch at a time). A batch is skipped, never waited for, when the queue is full or when the audit has
been busy more than ``share`` (default 0.1) of the wall time since its first batch. Skipping depends on time only,
never on the rows, so the rates stay unbiased estimates; fewer batches only widen the intervals. The rates a step logs
are those of the batches finished by then (usually up to the step before); `VerifierAudit.close` (at the end of
``GRPOTrainer.train``) waits for the queued batches, so the run's summary counts every batch not skipped. The step
time grows by at most about ``share`` (the audit's workers compete for cores for at most that share of the time; less
where cores are free): `bench/verifier_audit.py` measures it.
"""

from __future__ import annotations

import json
import logging
import queue
import random
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eval.bootstrap import wilson_interval
from rewards.errors import RlvrError
from rewards.protocol import completion_text, passes
from training.second_judges import SECOND_JUDGES

logger = logging.getLogger(__name__)

FILE = "verifier_audit.jsonl"
PREFIX = "verifier_audit/"
SHARE = 0.1  # of the wall time the audit may be busy: the documented bound on its cost
QUEUE = 2  # batches waiting for the audit thread; another is skipped
CONFIDENCE = 0.95
_Batch = tuple[int, list[Any], list[dict[str, Any]], list[float | None]]  # step, completions, rows, main scores


class VerifierAudit:
    """Counts the main verifier's agreement with a second judge on N sampled completions a batch, in the background.

    Args:
        n: completions audited a batch.
        reward_funcs: the run's rewards (callables with ``__name__``, or names); the first with a second judge is
            audited, and its second judge is built from it (``code_tests``: from its sandbox config).
        output_dir: where ``verifier_audit.jsonl`` goes.
        seed: of the sample.
        share: the most of the wall time the audit may be busy; past it a batch is skipped.

    Raises:
        RlvrError: ``n < 0``, a ``share`` outside (0, 1], or no reward with a second judge.
    """

    def __init__(self, n: int, reward_funcs: Sequence[Any], output_dir: str | Path, seed: int = 0,
                 share: float = SHARE) -> None:
        names = [f if isinstance(f, str) else getattr(f, "__name__", "?") for f in reward_funcs]
        if n < 0:
            raise RlvrError(f"--verifier_audit takes the completions audited a step (>= 0), got {n}.")
        if not 0 < share <= 1:
            raise RlvrError(f"--verifier_audit_share takes the most of the wall time the audit may use, in (0, 1], "
                            f"got {share}.")
        audited = [i for i, name in enumerate(names) if name in SECOND_JUDGES]
        if not audited:
            raise RlvrError(f"--verifier_audit needs a reward with a second judge ({', '.join(SECOND_JUDGES)}); "
                            f"this run trains on {names}. Drop --verifier_audit.")
        self.n, self.reward, self.share = n, names[audited[0]], share
        main = reward_funcs[audited[0]]
        self.judge = SECOND_JUDGES[self.reward](None if isinstance(main, str) else main)
        self.path = Path(output_dir) / FILE
        self.rng = random.Random(seed)
        self.counts = {"passes": 0, "fails": 0, "false_positives": 0, "false_negatives": 0, "unjudged": 0}
        self.batches = {"audited": 0, "skipped": 0}
        self.busy, self.first, self.failed = 0.0, 0.0, ""
        self._queue: queue.Queue[_Batch | None] = queue.Queue(QUEUE)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._new = False  # a batch finished since the last `collect`

    def submit(self, step: int, completions: Sequence[Any], columns: Sequence[Mapping[str, Any]],
               scores: Sequence[float | None]) -> bool:
        """Hand N sampled rows of a batch (``scores``: the main verifier's, ``None`` for unscored) to the audit
        thread without waiting; ``False`` when the batch is skipped (queue full, share used, audit stopped)."""
        now = time.monotonic()
        self.first = self.first or now
        if self.failed or self.busy > self.share * (now - self.first):
            return self._skip()
        chosen = self._sample(columns, scores)
        if not chosen:  # no row the main verifier scored and the second judge can judge: nothing to audit
            return False
        batch = (step, [completions[i] for i in chosen], [dict(columns[i]) for i in chosen],
                 [scores[i] for i in chosen])
        try:
            self._queue.put_nowait(batch)
        except queue.Full:
            return self._skip()
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="verifier-audit", daemon=True)
            self._thread.start()
        return True

    def collect(self) -> dict[str, float]:
        """The metrics to log now: the cumulative rates when a batch finished since the last call, and the batches
        audited and skipped so far."""
        with self._lock:
            new, self._new = self._new, False
            rates = {k: v for k, v in self.rates().items() if v is not None} if new else {}
            return {PREFIX + k: float(v) for k, v in {**rates, "audited_batches": self.batches["audited"],
                                                      "skipped_batches": self.batches["skipped"]}.items()}

    def audit(self, step: int, completions: Sequence[Any], columns: Sequence[Mapping[str, Any]],
              scores: Sequence[float | None]) -> dict[str, float]:
        """Sample and judge a batch here, waiting for the second judge (what the audit thread does with a submitted
        one); log the disagreements and return the cumulative rates as metrics."""
        chosen = self._sample(columns, scores)
        self._judge(step, [completions[i] for i in chosen], [columns[i] for i in chosen],
                    [scores[i] for i in chosen])
        with self._lock:
            self._new = False
            return {PREFIX + k: v for k, v in self.rates().items() if v is not None}

    def close(self, timeout: float | None = None) -> None:
        """Wait for the queued batches (at most ``timeout`` seconds), then stop the thread and the judge's workers."""
        if self._thread is not None:
            deadline = None if timeout is None else time.monotonic() + timeout
            try:
                self._queue.put(None, timeout=timeout)  # after the queued batches: they are judged first
            except queue.Full:
                pass
            self._thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if self._thread.is_alive():
                logger.warning("--verifier_audit: its last batches were still being judged after %s s; the summary "
                               "leaves them out", timeout)
                return
            self._thread = None
        self.judge.close()

    def rates(self) -> dict[str, float | None]:
        """The cumulative rates with their Wilson bounds (``None`` before any audited pass, or fail)."""
        out: dict[str, float | None] = {}
        for rate, wrong, total in (("false_positive_rate", "false_positives", "passes"),
                                   ("false_negative_rate", "false_negatives", "fails")):
            n, k = self.counts[total], self.counts[wrong]
            low, high = wilson_interval(k, n, confidence=CONFIDENCE) if n else (None, None)
            out |= {rate: k / n if n else None, f"{rate}_low": low, f"{rate}_high": high}
        return out

    def summary(self) -> dict[str, Any]:
        """What results.json records: the second judge, the counts, the rates with their intervals, the batches
        audited and skipped, and the audit's busy share of the time."""
        with self._lock:
            elapsed = time.monotonic() - self.first if self.first else 0.0
            return {"reward": self.reward, "second_judge": self.judge.__name__, "per_step": self.n, **self.counts,
                    **self.rates(), "confidence": CONFIDENCE, "interval": "wilson",
                    "audited_batches": self.batches["audited"], "skipped_batches": self.batches["skipped"],
                    "share": self.share, "busy_share": round(self.busy / elapsed, 4) if elapsed else 0.0,
                    "disagreements": str(self.path), **({"failed": self.failed} if self.failed else {})}

    def _skip(self) -> bool:
        with self._lock:
            self.batches["skipped"] += 1
        return False

    def _sample(self, columns: Sequence[Mapping[str, Any]], scores: Sequence[float | None]) -> list[int]:
        """N rows the main verifier scored and the second judge can judge, in batch order."""
        rows = [i for i, s in enumerate(scores) if s is not None and self.judge.judgeable(columns[i])]
        return sorted(self.rng.sample(rows, min(self.n, len(rows))))

    def _work(self) -> None:
        """The audit thread: judge queued batches until `close`; a judge that raises stops the audit (logged)."""
        while (batch := self._queue.get()) is not None:
            started = time.monotonic()
            try:
                self._judge(*batch)
            except Exception as e:  # the run goes on unaudited, and its summary says why
                self.failed = f"{type(e).__name__}: {e}"
                logger.warning("--verifier_audit stopped: its second judge failed (%s)", self.failed)
            with self._lock:
                self.busy += time.monotonic() - started

    def _judge(self, step: int, completions: Sequence[Any], columns: Sequence[Mapping[str, Any]],
               scores: Sequence[float | None]) -> None:
        """Judge the chosen rows again; count them and write the disagreements."""
        second = self.judge(completions, columns)
        disagreements, counts = [], dict.fromkeys(self.counts, 0)
        for completion, row, score, (passed, detail) in zip(completions, columns, scores, second, strict=True):
            main = passes(score)
            if passed is None:
                counts["unjudged"] += 1
                continue
            counts["passes" if main else "fails"] += 1
            if passed != main:
                counts["false_positives" if main else "false_negatives"] += 1
                disagreements.append({"step": step, "main": {"reward": self.reward, "score": score},
                                      "second": {"judge": self.judge.__name__, "passed": passed, "detail": detail},
                                      "reference": self.judge.reference(row),
                                      "completion": completion_text(completion)[-2000:]})
        if disagreements:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as f:
                f.writelines(json.dumps(d) + "\n" for d in disagreements)
        with self._lock:
            self.counts = {k: v + counts[k] for k, v in self.counts.items()}
            self.batches["audited"] += 1
            self._new = True
