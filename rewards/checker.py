"""`check_reward`: does a function behave as a TRL reward, on real rows? Small named checks, each failing with what is
wrong and the fix (the shape of Gymnasium's ``utils/env_checker.py``).

What it checks, in order: a name (TRL's metric key), the signature TRL calls, the columns the rows must hold, one finite
score or ``None`` per completion (``None`` with status ``unscorable`` only where the completion did not cause the
failure: docs/rewards.md), that the reward is not down (status ``error`` or ``unscorable`` on every completion),
completions in the format the rows imply (conversational prompts give conversational completions), and - for a pure
reward (``cacheable``) - that each completion scores the same judged alone as in the batch (no state carried between
completions), that the one-at-a-time fallback a `Reward` takes after a failed batch gives those scores too, and that a
pickled copy (what a worker process or an accelerate rank gets) scores the same. A stochastic or stateful user function
(``cacheable = False``) skips the agreement checks.

It calls the reward on the rows given, so a reward that needs a sandbox or a model starts it; a few rows suffice.
"""

from __future__ import annotations

import logging
import math
import pickle
from collections.abc import Mapping, Sequence
from typing import Any

from rewards import catalog
from rewards.errors import RlvrError
from rewards.protocol import Reward, call_like_trainer, check_columns, completion_text, first_failures

__all__ = ["RewardCheckError", "check_reward"]

logger = logging.getLogger(__name__)


class RewardCheckError(RlvrError):
    """A reward function does not behave as TRL's GRPOTrainer needs."""


def check_reward(fn: Any, rows: Sequence[Mapping[str, Any]], completions: Sequence[Any] | None = None) -> None:
    """Raise `RewardCheckError` unless ``fn`` scores ``completions`` (default: each row's ``reference``) of ``rows``
    as TRL's GRPOTrainer needs.

    >>> from rewards.math.exact import MathExact
    >>> check_reward(MathExact(), [{"prompt": "1+1=", "answer": "2"}], ["\\\\boxed{2}"])
    """
    if not rows:
        raise RewardCheckError("check_reward needs at least one row to call the reward on.")
    name = check_name(fn)
    check_signature(fn, name)
    check_columns([fn], rows[0].keys(), where="the rows given")
    texts = list(completions) if completions is not None else [_reference(row, name) for row in rows]
    if len(texts) != len(rows):
        raise RewardCheckError(f"check_reward got {len(texts)} completions for {len(rows)} rows; give one per row.")
    batch = [as_completion(text, row) for text, row in zip(texts, rows)]
    scores = check_scores(fn, name, rows, batch)
    if getattr(fn, "cacheable", False):
        check_alone(fn, name, rows, batch, scores)
        check_fallback(fn, name, rows, batch, scores)
        check_pickle(fn, name, rows, batch, scores)


def check_name(fn: Any) -> str:
    """The reward's ``__name__``, which TRL logs it under (``rewards/<name>/mean``)."""
    name = getattr(fn, "__name__", None)
    if not isinstance(name, str) or not name:
        raise RewardCheckError(f"Reward {fn!r} has no __name__; TRL logs a reward under it. Give the function a name, "
                               "or set __name__ on the callable (a functools.partial has none).")
    return name


def check_signature(fn: Any, name: str) -> None:
    """TRL calls a reward with keyword arguments only: ``completions`` and ``**kwargs`` must be accepted."""
    try:
        catalog.check_signature(name, fn)
    except RlvrError as e:
        raise RewardCheckError(str(e)) from e


def check_scores(fn: Any, name: str, rows: Sequence[Mapping[str, Any]], batch: list[Any]) -> list[float | None]:
    """One finite score or ``None`` per completion, for a call exactly as GRPOTrainer makes it."""
    try:
        scores, statuses = _call(fn, rows, batch, raw=True)
    except Exception as e:
        raise RewardCheckError(f"Reward {name!r} raised {type(e).__name__}: {e} on {_format(batch)} completions; a "
                               "reward must score 0.0 (or return None) for a completion it cannot read.") from e
    if not isinstance(scores, (list, tuple)) or len(scores) != len(batch):
        size = len(scores) if isinstance(scores, (list, tuple)) else type(scores).__name__
        raise RewardCheckError(f"Reward {name!r} returned {size} for {len(batch)} completions; return a list with "
                               "one float (or None) per completion.")
    check_up(name, statuses)
    for i, s in enumerate(scores):
        if s is not None and (isinstance(s, bool) or not isinstance(s, (int, float)) or math.isinf(s)):
            raise RewardCheckError(f"Reward {name!r} gave completion {i} the score {s!r}; scores are finite floats, "
                                   "or None for a completion that cannot be scored.")
        if s is not None and math.isnan(s):  # TRL reads NaN as None, but a NaN is more often 0/0 than a choice
            logger.warning("Reward %r gave completion %d NaN, which TRL reads as 'not scored'; return None to say "
                           "that on purpose.", name, i)
    return [None if s is None or math.isnan(s) else float(s) for s in scores]


def check_up(name: str, statuses: Sequence[str | None]) -> None:
    """A reward whose every verdict is ``error`` (scored 0.0) or ``unscorable`` (scored None) is down: a run would
    train on its zeros, or learn nothing from it."""
    for status, effect in (("error", "trains on its zeros"), ("unscorable", "drops every completion it judges")):
        if statuses and all(s == status for s in statuses):
            first = first_failures(name)[:1]
            raise RewardCheckError(f"Reward {name!r} is down: status {status!r} on all {len(statuses)} completions it "
                                   f"was tried on{': ' + first[0] if first else ''}. Fix it (or what it needs: a "
                                   f"sandbox, a worker pool, a service) before a run {effect}.")


def check_alone(fn: Any, name: str, rows: Sequence[Mapping[str, Any]], batch: list[Any],
                scores: list[float | None]) -> None:
    """A pure reward scores each completion the same judged alone: nothing is carried between completions."""
    for i in range(len(batch)):
        alone = _call(fn, rows[i : i + 1], batch[i : i + 1])[0]
        if not _same(alone, scores[i : i + 1]):
            raise RewardCheckError(f"Reward {name!r} scores completion {i} {alone[0]!r} alone but {scores[i]!r} in a "
                                   "batch: its score depends on the other completions (state carried between them). "
                                   "Judge each completion on its own, or set cacheable = False if it is stochastic.")


def check_fallback(fn: Any, name: str, rows: Sequence[Mapping[str, Any]], batch: list[Any],
                   scores: list[float | None]) -> None:
    """A `Reward` judges one completion at a time after a failed batch: that path must work and agree."""
    if not isinstance(fn, Reward):
        return
    items = fn.inputs(batch)
    prompts, ids, columns = _trainer_arguments(rows, batch)
    kwargs = {"prompts": prompts, "completion_ids": ids, **columns}  # what `Reward.verdicts` hands its fallback
    for i in range(len(items)):
        try:
            verdict = fn._judge_one(items, i, kwargs)
        except Exception as e:
            raise RewardCheckError(f"Reward {name!r}'s one-at-a-time fallback (Reward._judge_one(items, i, kwargs), "
                                   f"taken after a failed batch) raised {type(e).__name__}: {e}; an override must keep "
                                   "that signature and return a Verdict.") from e
        score = None if verdict is None else verdict.score
        if not _same([score], scores[i : i + 1]):  # an unscorable verdict's None agrees with the batch's None
            detail = "" if verdict is None else f" ({verdict.status.value}: {verdict.detail})"
            raise RewardCheckError(f"Reward {name!r} scores completion {i} {score!r}{detail} on its one-at-a-time "
                                   f"fallback but {scores[i]!r} in a batch; the fallback (Reward._judge_one, taken "
                                   "after a failed batch) must judge as the batch does.")


def check_pickle(fn: Any, name: str, rows: Sequence[Mapping[str, Any]], batch: list[Any],
                 scores: list[float | None]) -> None:
    """A pickled copy scores the same: worker processes and other ranks get the reward by pickling."""
    try:
        copy = pickle.loads(pickle.dumps(fn))
    except Exception as e:
        raise RewardCheckError(f"Reward {name!r} cannot be pickled ({type(e).__name__}: {e}); make it a module-level "
                               "function or a class with parameters, not a lambda or a closure.") from e
    if not _same(_call(copy, rows, batch)[0], scores):
        raise RewardCheckError(f"Reward {name!r} scores differently after pickling; keep its state in attributes "
                               "that pickle (or rebuild it in __setstate__).")


def as_completion(text: Any, row: Mapping[str, Any]) -> Any:
    """``text`` as GRPOTrainer hands it to rewards for ``row``: a list of one assistant message when the prompt is
    conversational, the string otherwise."""
    if isinstance(row.get("prompt"), list) and isinstance(text, str):
        return [{"role": "assistant", "content": text}]
    return text


def _call(fn: Any, rows: Sequence[Mapping[str, Any]], batch: list[Any],
          raw: bool = False) -> tuple[Any, list[str | None]]:
    """The scores as GRPOTrainer gets them (``raw``: a plain function's values as returned, NaN kept), and a
    `Reward`'s status per completion."""
    prompts, ids, columns = _trainer_arguments(rows, batch)
    return call_like_trainer(fn, prompts, batch, ids, columns, raw=raw)


def _trainer_arguments(rows: Sequence[Mapping[str, Any]], batch: list[Any]) -> tuple[list[Any], list[Any], dict]:
    """``prompts``, ``completion_ids`` and the keyword columns GRPOTrainer passes a reward for ``batch``."""
    from transformers import TrainerState

    columns: dict[str, Any] = {key: [row.get(key) for row in rows] for key in rows[0]
                               if key not in ("prompt", "completion")}
    # What GRPOTrainer passes besides the columns, so a reward that reads them runs here as in training.
    columns.update(trainer_state=TrainerState(), log_metric=lambda name, value: None,
                   log_extra=lambda column, values: None)
    ids = [[0] * len(completion_text(c)) for c in batch]
    return [row.get("prompt") for row in rows], ids, columns


def _same(a: list[float | None], b: list[float | None]) -> bool:
    """Equal scores, up to the float noise of batching (a reward model pads a batch, not a single completion)."""
    return len(a) == len(b) and all(x is None and y is None or x is not None and y is not None
                                    and math.isclose(x, y, rel_tol=1e-4, abs_tol=1e-4) for x, y in zip(a, b))


def _reference(row: Mapping[str, Any], name: str) -> Any:
    if "reference" not in row:
        raise RewardCheckError(f"check_reward({name!r}): the rows have no 'reference' column to use as completions; "
                               "pass completions=[...], one per row.")
    return row["reference"]


def _format(batch: list[Any]) -> str:
    return "conversational" if batch and isinstance(batch[0], list) else "plain-text"
