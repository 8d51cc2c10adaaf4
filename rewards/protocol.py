"""The reward protocol: verdicts with a status, and the wrapper that makes any checker safe to call from TRL.

TRL calls a reward as ``fn(prompts=..., completions=..., completion_ids=..., log_metric=..., **columns)`` and wants
one ``float | None`` per completion. `Reward` turns a checker's per-completion `Verdict`s into that list, never
raises on a completion, and logs the rate of every non-trivial status through ``log_metric`` so a silently broken
reward shows up in the training logs. A NaN or infinite score, or a result that is not a `Verdict`, is a checker bug:
it scores 0.0 with status ``error`` (a plain function's NaN stays TRL's "cannot be scored", ``None``). Completions of
any shape are read as text without raising.

Who caused a failure decides its score (docs/rewards.md, "Failures the policy did not cause"). What the completion
caused - its code crashed, timed out, printed too much, its answer is unreadable, a checker raised on its text -
scores 0.0 (``error``, ``timeout``, ``unparsed``): a policy must not dodge a penalty by failing. What it cannot have
caused - a sandbox worker lost not through the job, remote verifiers unreachable after their retries, a checker
raising `UnscorableError` - scores ``None`` with status ``unscorable``: TRL then leaves the completion out of its
group's mean and std and gives it advantage 0, instead of training on a fake wrong answer.
"""

from __future__ import annotations

import enum
import inspect
import logging
import math
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rewards.errors import MissingColumnError, UnscorableError

logger = logging.getLogger(__name__)

# Arguments GRPOTrainer passes to every reward besides the dataset columns.
TRAINER_ARGS = frozenset(
    {"prompts", "completions", "completion_ids", "trainer_state", "log_extra", "log_metric", "environments"}
)


class Status(str, enum.Enum):
    """How a checker judged one completion."""

    CORRECT = "correct"
    WRONG = "wrong"
    UNPARSED = "unparsed"
    TIMEOUT = "timeout"
    ERROR = "error"  # the checker failed on this completion, which may be what broke it: 0.0
    UNSCORABLE = "unscorable"  # the judging failed through no fault of the completion: None, left out of GRPO


# Statuses that mean "the checker could not judge", logged as `<reward>/<status>_rate` on every call.
LOGGED_STATUSES = (Status.UNPARSED, Status.TIMEOUT, Status.ERROR, Status.UNSCORABLE)
# Statuses a checker warns about once and keeps the first details of (`first_failures`).
FAILED_STATUSES = (Status.ERROR, Status.TIMEOUT, Status.UNSCORABLE)


@dataclass(frozen=True)
class Verdict:
    """A score for one completion and why it got it; the score is ``None`` exactly when the status is
    ``unscorable`` (build one with `unscorable`). ``answer``, when the checker reads one, is the final answer it read
    (normalised as it compares answers), which a majority vote over samples counts (`eval.majority`).

    Raises:
        ValueError: a ``None`` score with another status, or an ``unscorable`` one with a score.
    """

    score: float | None
    status: Status
    detail: str = ""
    answer: str | None = None

    def __post_init__(self) -> None:
        if (self.score is None) != (self.status is Status.UNSCORABLE):
            raise ValueError(f"A Verdict's score is None exactly when its status is 'unscorable'; got score "
                             f"{self.score!r} with status {self.status.value!r}. Use rewards.unscorable(detail) for "
                             "a completion that could not be judged through no fault of its own.")


def unscorable(detail: str) -> Verdict:
    """The verdict for a completion that could not be judged through no fault of its own: score ``None``.

    >>> unscorable("service refused")
    Verdict(score=None, status=<Status.UNSCORABLE: 'unscorable'>, detail='service refused', answer=None)
    """
    return Verdict(None, Status.UNSCORABLE, detail)


def is_unscorable(verdict: Verdict | None) -> bool:
    """Whether ``verdict`` says the completion could not be judged through no fault of its own.

    >>> is_unscorable(unscorable("worker lost")), is_unscorable(None), is_unscorable(Verdict(0.0, Status.ERROR))
    (True, False, False)
    """
    return verdict is not None and verdict.status is Status.UNSCORABLE


class RewardFn(Protocol):
    """TRL's reward-function protocol: one ``float | None`` per completion; ``None`` means "cannot be scored"."""

    __name__: str

    def __call__(self, completions: list[Any], **kwargs: Any) -> list[float | None]: ...


def completion_text(completion: Any) -> str:
    """The text of a completion, standard (``str``) or conversational (a list of messages): the text of the last
    assistant message. Never raises: what it cannot read counts as no text.

    >>> completion_text([{"role": "assistant", "content": "42"}])
    '42'
    """
    if isinstance(completion, str):
        return completion
    messages = _messages(completion)
    if messages is None:
        return _as_text(completion)
    assistant = [m for m in messages if m.get("role") == "assistant"] or messages
    return "".join(_content_text(m.get("content")) for m in assistant[-1:])


def message_text(prompt: Any) -> str:
    """All the text of a prompt, standard (``str``) or conversational (every message's content, one per line).

    >>> message_text([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "2+2?"}])
    'Be brief.\\n2+2?'
    """
    if isinstance(prompt, str):
        return prompt
    messages = _messages(prompt)
    if messages is None:
        return _as_text(prompt)
    return "\n".join(_content_text(m.get("content")) for m in messages)


def _messages(value: Any) -> list[dict[str, Any]] | None:
    """The messages of a conversational value (one message or a sequence of them); ``None`` if it is not one."""
    if isinstance(value, dict):
        return [value]
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray)):
        return [m for m in value if isinstance(m, dict)]
    return None


def _content_text(content: Any) -> str:
    if isinstance(content, dict):
        content = [content]
    if isinstance(content, (list, tuple)):  # multimodal parts: keep the text ones
        return "".join(_as_text(p.get("text")) for p in content if isinstance(p, dict))
    return _as_text(content)


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return str(value)
    except Exception:  # an object whose __str__ fails holds no text we can judge
        return ""


PASS_SCORE = 1.0  # a completion passes (counts for pass@k, greedy accuracy) when it earns the full reward


def passes(score: float | None) -> bool:
    """Whether a score counts as a pass: the full reward, `PASS_SCORE`; ``None`` (not scored) never passes.

    >>> passes(1.0), passes(0.99), passes(None)
    (True, False, False)
    """
    return score is not None and score >= PASS_SCORE


def call_like_trainer(reward_fn: Callable[..., Any], prompts: list[Any], completions: list[Any],
                      completion_ids: list[list[int]], columns: dict[str, list[Any]], raw: bool = False
                      ) -> tuple[list[float | None], list[str | None]]:
    """Call a reward exactly as GRPOTrainer does (keyword arguments ``prompts``, ``completions``,
    ``completion_ids`` and every dataset column), awaiting an async one; returns its scores, ``None`` kept for rows
    it cannot judge (NaN is read as ``None``, as TRL does; ``raw``: a plain function's values as it returned them),
    and each completion's status (``None`` for a row not judged, and for every row of a plain function)."""
    import asyncio

    kwargs = dict(prompts=prompts, completions=completions, completion_ids=completion_ids, **columns)
    if isinstance(reward_fn, Reward):
        verdicts = reward_fn.verdicts(**kwargs)
        return ([None if v is None else v.score for v in verdicts],
                [None if v is None else v.status.value for v in verdicts])
    values = reward_fn(**kwargs)
    if inspect.isawaitable(values):  # an async reward (TRL runs those on its event-loop thread)
        values = asyncio.run(_awaited(values))
    statuses: list[str | None] = [None] * len(completions)
    if raw:
        return values, statuses
    return [None if s is None or math.isnan(s) else float(s) for s in values], statuses


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable  # asyncio.run takes a coroutine; an async reward may return any awaitable


class Reward:
    """Base class of rlvr-kit rewards: subclasses implement `judge`, this class does the TRL plumbing.

    Attributes:
        __name__: the registry id, which TRL uses as the metric key (``rewards/<id>/mean``).
        columns: the dataset columns `judge` reads; an inner tuple lists alternatives (one of them must exist).
    """

    # Class defaults that an instance may set for itself (a composed reward's name and flags come from its parts).
    __name__: str = "reward"
    columns: ClassVar[tuple[str | tuple[str, ...], ...]] = ()
    # Whether `judge` is a pure function of its inputs, so the last batch's verdicts may be reused.
    cacheable: bool = True
    # Whether the score is checked against the problem (an answer, unit tests) rather than predicted by a model.
    # train.py logs the env's checkers at weight 0 next to a reward that is not, so over-optimising it shows.
    verifiable: bool = True
    counts: Counter[Status]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_last_batch"}

    def judge(self, completions: list[str], *args: Any, **columns: Any) -> list[Verdict | None]:
        """Judge a batch of completion texts; ``columns`` (by keyword) hold one value per completion.

        Subclasses name the columns they read as keyword parameters; ``*args`` is here only so that a type checker
        accepts those signatures as overrides (TRL passes every column by keyword).
        """
        raise NotImplementedError

    def __call__(self, completions: list[Any], **kwargs: Any) -> list[float | None]:
        verdicts = self.verdicts(completions, **kwargs)
        return [None if v is None else v.score for v in verdicts]

    def verdicts(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        """Like calling the reward, but returns the `Verdict`s; never raises on a bad completion.

        The verdicts of the last batch are remembered: judging the same completions and columns again (a composed
        reward reusing this one in the same step) returns them without calling `judge` or logging twice.
        """
        key = _batch_key(completions, kwargs)
        last = self.__dict__.get("_last_batch")
        if self.cacheable and last is not None and _same_batch(last[0], key):
            return list(last[1])
        verdicts = self._judge_batch(completions, kwargs)
        self._last_batch = (key, tuple(verdicts))  # kept even when not reused: `last_verdicts` reads it
        return verdicts

    def last_verdicts(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None] | None:
        """The verdicts this reward gave the batch it judged last, if that batch is ``completions`` with these
        columns; else ``None``. Never judges: other rewards of a step read the correctness judge's verdicts here."""
        last = self.__dict__.get("_last_batch")
        if last is not None and _same_batch(last[0], _batch_key(completions, kwargs)):
            return list(last[1])
        return None

    def _judge_batch(self, completions: list[Any], kwargs: dict[str, Any]) -> list[Verdict | None]:
        verdicts = self.compute(completions, **kwargs)
        self.record(verdicts, kwargs.get("log_metric"))
        return verdicts

    def compute(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        """The verdicts of a batch and nothing else: no status counts, no logging, no reuse of the last batch.

        The pure part of `verdicts`, which `rewards.remote` runs on another machine while the caller keeps the
        counting, logging and reuse; never raises on a bad completion.
        """
        items = self.inputs(completions)
        try:
            verdicts = list(self.judge(items, **kwargs))
            if len(verdicts) != len(items):
                raise ValueError(f"{self.__name__} returned {len(verdicts)} results for {len(items)} completions")
        except UnscorableError as e:  # the checker says no completion is the cause: none is judged one at a time
            detail = f"{type(e).__name__}: {e}"
            return [unscorable(detail) for _ in items]
        except Exception as e:  # find the completion(s) that break the checker, judge the rest
            logger.debug("%s failed on a batch (%s); judging one completion at a time", self.__name__, e)
            verdicts = [self._judge_one(items, i, kwargs) for i in range(len(items))]
        return [_checked(v) for v in verdicts]

    def inputs(self, completions: list[Any]) -> list[Any]:
        """What `judge` receives: the completion texts."""
        return [completion_text(c) for c in completions]

    def _judge_one(self, items: list[Any], i: int, kwargs: dict[str, Any]) -> Verdict | None:
        n = len(items)
        row = {k: v[i : i + 1] if isinstance(v, list) and len(v) == n else v for k, v in kwargs.items()}
        try:
            (verdict,) = self.judge(items[i : i + 1], **row)
            return verdict
        except UnscorableError as e:
            return unscorable(f"{type(e).__name__}: {e}")
        except Exception as e:  # the completion's text reached the checker: it may be what broke it, so 0.0
            return Verdict(0.0, Status.ERROR, f"{type(e).__name__}: {e}")

    def record(self, verdicts: Iterable[Verdict | None], log_metric: Callable[[str, float], None] | None) -> None:
        """Count statuses, warn on the first checker failure, and log status rates through TRL's ``log_metric``."""
        batch = Counter(v.status for v in verdicts if v is not None)
        self.counts = self.__dict__.get("counts", Counter()) + batch
        for v in verdicts:
            if v is not None and v.status in FAILED_STATUSES:
                _warn_once(self.__name__, v.status, v.detail)
                _keep_failure(self.__name__, v)
        total = sum(batch.values())
        if log_metric is not None and total:
            for status in LOGGED_STATUSES:
                log_metric(f"{self.__name__}/{status.value}_rate", batch[status] / total)


# Arguments that change from call to call without changing what a reward judges.
_UNJUDGED_ARGS = frozenset({"trainer_state", "log_extra", "log_metric", "environments"})


def _batch_key(completions: list[Any], kwargs: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
    # Shallow copies, so a caller refilling the same list objects cannot make a stale batch look current.
    return list(completions), {k: list(v) if isinstance(v, list) else v for k, v in kwargs.items()
                               if k not in _UNJUDGED_ARGS}


def _same_batch(a: tuple[list[Any], dict[str, Any]], b: tuple[list[Any], dict[str, Any]]) -> bool:
    try:
        return bool(a[0] == b[0] and a[1].keys() == b[1].keys() and all(a[1][k] == b[1][k] for k in a[1]))
    except Exception:  # values whose == is not a bool (arrays): no reuse, judge again
        return False


_warned: set[tuple[str, Status]] = set()
_failures: dict[str, list[str]] = {}  # reward id -> its first error/timeout details in this process
KEPT_FAILURES = 3


def first_failures(name: str) -> list[str]:
    """The first few distinct ``"<status>: <detail>"`` of completions reward ``name`` failed to judge in this
    process, for messages that must say *why* a reward is failing (the error-rate breaker).

    >>> first_failures("no_such_reward")
    []
    """
    return list(_failures.get(name, ()))


def _keep_failure(name: str, verdict: Verdict) -> None:
    kept, text = _failures.setdefault(name, []), f"{verdict.status.value}: {verdict.detail or 'no detail'}"[:300]
    if len(kept) < KEPT_FAILURES and text not in kept:
        kept.append(text)


def _warn_once(name: str, status: Status, detail: str) -> None:
    if (name, status) not in _warned:
        _warned.add((name, status))
        score = "None (left out of its group's baseline)" if status is Status.UNSCORABLE else "0"
        logger.warning("Reward %s: a completion scored %s with status %s (%s); counted in %s/%s_rate.",
                       name, score, status.value, detail or "no detail", name, status.value)


class FunctionReward(Reward):
    """A user's reward function made safe: the same scores, but a completion that makes it raise scores 0.0.

    A function may return floats, ``None`` or `Verdict`s; a positive float counts as ``correct``, others as ``wrong``.
    """

    cacheable = False  # a user's function may be stochastic or stateful: call it every time, as before

    def __init__(self, fn: Callable[..., Sequence[Any]], name: str | None = None) -> None:
        self.fn = fn
        self.__name__ = name or str(getattr(fn, "__name__", type(fn).__name__))

    @property
    def columns(self) -> tuple[str, ...]:  # type: ignore[override]
        return signature_columns(self.fn)

    def inputs(self, completions: list[Any]) -> list[Any]:
        # The user's function gets completions as TRL sent them: it may read conversational structure itself.
        return list(completions)

    def judge(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        return [as_verdict(x) for x in self.fn(completions=completions, **kwargs)]


def as_verdict(value: Any) -> Verdict | None:
    """A plain function's score as a `Verdict`: ``None`` and NaN mean "cannot be scored" (TRL's ``None``), a positive
    number is ``correct``, others ``wrong``; an infinite score is a checker bug (``error``, 0.0). A plain function
    says "unscorable" by returning `unscorable` verdicts (or raising `UnscorableError`).
    """
    if value is None or isinstance(value, Verdict):
        return _checked(value)
    score = float(value)
    if math.isnan(score):
        return None
    return _checked(Verdict(score, Status.CORRECT if score > 0 else Status.WRONG))


def _checked(verdict: Any) -> Verdict | None:
    """``verdict`` if it is ``None``, ``unscorable`` or a `Verdict` with a finite score, else an ``error`` verdict
    scoring 0.0.

    A NaN or infinite score would poison the group's advantages (inf - inf) or a product (inf * 0); neither is a
    judgement of the completion.
    """
    if verdict is None or isinstance(verdict, Verdict) and verdict.status is Status.UNSCORABLE:
        return verdict
    if not isinstance(verdict, Verdict):
        return Verdict(0.0, Status.ERROR, f"the checker returned {type(verdict).__name__}, not a Verdict")
    try:
        finite = verdict.score is not None and math.isfinite(verdict.score)
    except TypeError:
        finite = False
    return verdict if finite else Verdict(0.0, Status.ERROR, f"non-finite score {verdict.score!r}")


def signature_columns(fn: Callable[..., Any]) -> tuple[str, ...]:
    """The dataset columns a plain reward function requires: its keyword parameters without defaults."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple(
        p.name
        for p in params
        if p.name not in TRAINER_ARGS
        and p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )


def required_columns(reward: Callable[..., Any]) -> tuple[str | tuple[str, ...], ...]:
    """The columns a reward reads: its declared ``columns`` or, for a plain function, its signature."""
    declared = getattr(reward, "columns", None)
    return tuple(declared) if declared is not None else signature_columns(reward)


def check_columns(reward_funcs: Iterable[Callable[..., Any]], column_names: Iterable[str],
                  where: str = "the dataset") -> None:
    """Raise `MissingColumnError` naming the first reward whose columns ``column_names`` lacks."""
    have = set(column_names)
    for fn in reward_funcs:
        for need in required_columns(fn):
            options = (need,) if isinstance(need, str) else need
            if not have.intersection(options):
                wanted = " or ".join(repr(o) for o in options)
                raise MissingColumnError(
                    f"Reward {getattr(fn, '__name__', fn)!r} reads column {wanted}, which {where} lacks. "
                    f"Columns present: {', '.join(sorted(have))}. Add the column, or pick another reward."
                )
