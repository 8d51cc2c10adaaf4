"""Saved training rollouts: the columnar files ``train.py --save_rollouts`` writes and `eval.rescore` re-judges.

One Parquet shard per generation call and rank, ``RUN/rollouts/step-0000012.round-0.rank-0.parquet`` (``step``: the
optimizer step the completions were generated for, as in the run's ``log_history``; ``round``: a further generation
call of the same step, as dynamic sampling makes), all with one fixed schema (`SCHEMA`), so
``datasets.load_dataset("parquet", data_files="RUN/rollouts/*.parquet")`` or `read_rollouts` reads a whole run.
A row is one completion: its prompt and completion (text, and the messages as JSON for conversational ones), its
token ids, the dataset columns its rewards read (JSON), each reward's score, status, detail and read answer, the
weighted total, its GRPO group and advantage.

Bounded: text fields are cut at `MAX_TEXT` characters (``truncated`` marks a cut completion, which `eval.rescore`
does not re-judge), details and answers at `MAX_NOTE`, a row's columns dropped past `MAX_COLUMNS`; and a run's
shards stop at ``max_mb`` megabytes (train.py ``--save_rollouts_max_mb``, default 2048), with one warning. A
resumed run first removes its shards from the step it resumes at on, so no step is saved twice.

A run's evaluations save their sampled completions the same way, one file each under ``RUN/eval_samples/``
(`EVAL_FOLDER`): ``before.parquet`` and ``after.parquet`` for train.py (a mixture: ``before.<task>.parquet``),
``eval.parquet`` for ``python -m eval``. There ``step`` is the training step the model had reached, ``group`` the
problem, ``advantage`` null; every reward of the env is saved, the judge of pass/fail first. They are small (problems
x samples) and not counted in ``max_mb``.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from rewards.errors import RlvrError
from rewards.protocol import Verdict, completion_text, message_text

logger = logging.getLogger(__name__)

FOLDER = "rollouts"
EVAL_FOLDER = "eval_samples"
MAX_TEXT = 32_000  # characters of a prompt or completion kept (a row past it is marked truncated)
MAX_NOTE = 500  # characters of a verdict's detail or answer kept
MAX_COLUMNS = 64_000  # characters of a row's dataset columns (JSON) kept; past it the row cannot be re-judged

_STRINGS = pa.list_(pa.string())
SCHEMA = pa.schema([
    ("step", pa.int64()), ("round", pa.int32()), ("rank", pa.int32()), ("group", pa.int64()),
    ("prompt", pa.string()), ("completion", pa.string()), ("truncated", pa.bool_()),
    ("prompt_messages", pa.string()), ("completion_messages", pa.string()), ("completion_ids", pa.list_(pa.int64())),
    ("columns", pa.string()),
    ("reward_names", _STRINGS), ("rewards", pa.list_(pa.float64())), ("statuses", _STRINGS), ("details", _STRINGS),
    ("answers", _STRINGS), ("reward", pa.float64()), ("advantage", pa.float64()),
])
_SHARD = re.compile(r"step-(\d+)\.round-(\d+)\.rank-(\d+)\.parquet")


def shard_name(step: int, round_: int, rank: int) -> str:
    """The file name of one generation call's rows on one rank.

    >>> shard_name(12, 0, 1)
    'step-0000012.round-0.rank-1.parquet'
    """
    return f"step-{step:07d}.round-{round_}.rank-{rank}.parquet"


def rollout_rows(*, step: int, rank: int, groups: Sequence[int], prompts: Sequence[Any],
                 completions: Sequence[Any], completion_ids: Sequence[Sequence[int]] | None = None,
                 columns: Sequence[dict[str, Any]], reward_names: Sequence[str],
                 scores: Sequence[Sequence[float | None]], verdicts: Sequence[Sequence[Verdict | None] | None],
                 weights: Sequence[float], advantages: Sequence[float | None]) -> pa.Table:
    """One generation call's rows as a table of `SCHEMA` (its ``round`` is the writer's to set): ``scores[j][i]``
    is reward j's score of completion i (``None`` or NaN: not scored), ``verdicts[j]`` its verdicts where the
    reward gives them (else ``None``); an evaluation's rows have no advantage (``None``)."""
    n = len(completions)
    per_row = [[_number(scores[j][i]) for j in range(len(reward_names))] for i in range(n)]
    notes = [[None if v is None else v[i] for v in verdicts] for i in range(n)]
    texts = [completion_text(c) for c in completions]
    data = {
        "step": [step] * n, "round": [0] * n, "rank": [rank] * n, "group": list(groups),
        "prompt": [message_text(p)[:MAX_TEXT] for p in prompts], "completion": [t[:MAX_TEXT] for t in texts],
        "truncated": [len(t) > MAX_TEXT for t in texts],
        "prompt_messages": [_messages(p) for p in prompts], "completion_messages": [_messages(c) for c in completions],
        "completion_ids": [list(map(int, ids[:MAX_TEXT])) for ids in completion_ids] if completion_ids else [[]] * n,
        "columns": [_json(row, MAX_COLUMNS) for row in columns], "reward_names": [list(reward_names)] * n,
        "rewards": per_row, "statuses": [[None if v is None else v.status.value for v in row] for row in notes],
        "details": [[None if v is None else v.detail[:MAX_NOTE] for v in row] for row in notes],
        "answers": [[None if v is None or v.answer is None else v.answer[:MAX_NOTE] for v in row] for row in notes],
        "reward": [_total(row, weights) for row in per_row],
        "advantage": [None if a is None else float(a) for a in advantages],
    }
    return pa.Table.from_pydict(data, schema=SCHEMA)


def eval_rows(*, step: int, n: int, prompts: Sequence[Any], completions: Sequence[Any],
              completion_ids: Sequence[Sequence[int]], columns: dict[str, list[Any]],
              verdicts: dict[str, list[Verdict | None]], weights: dict[str, float]) -> pa.Table:
    """An evaluation's rows: ``n`` samples a problem in problem order (``group``: the problem), ``columns`` one list
    per dataset column, ``verdicts`` each reward's by name (weight 0 for one not in ``weights``: the judge only)."""
    names = list(verdicts)
    rows = [{k: v[i] for k, v in columns.items() if k != "environments"} for i in range(len(completions))]
    return rollout_rows(step=step, rank=0, groups=[i // n for i in range(len(completions))], prompts=prompts,
                        completions=completions, completion_ids=completion_ids, columns=rows, reward_names=names,
                        scores=[[None if v is None else v.score for v in verdicts[name]] for name in names],
                        verdicts=[verdicts[name] for name in names],
                        weights=[weights.get(name, 0.0) for name in names], advantages=[None] * len(rows))


def _number(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


def _total(scores: list[float | None], weights: Sequence[float]) -> float | None:
    """The weighted sum GRPO trains on (TRL's nansum), ``None`` when no reward scored the completion."""
    if all(s is None for s in scores):
        return None
    return sum(w * s for w, s in zip(weights, scores) if s is not None)


def _messages(value: Any) -> str | None:
    """A conversational prompt or completion as JSON (what a reward is called with), ``None`` for plain text."""
    return None if isinstance(value, str) else _json(value, MAX_TEXT)


def _json(value: Any, cap: int) -> str | None:
    try:
        text = json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):  # a circular structure: nothing to save
        return None
    return text if len(text) <= cap else None


class RolloutWriter:
    """Writes each generation call's table under ``RUN/rollouts/`` for one rank, within a size budget."""

    def __init__(self, run_dir: str | Path, rank: int, max_mb: float = 2048) -> None:
        self.folder, self.rank = Path(run_dir) / FOLDER, rank
        self.max_bytes = int(max_mb * 2**20)
        self._started, self._full = False, False
        self._last: tuple[int, int] = (-1, -1)

    def write(self, table: pa.Table) -> Path | None:
        """Write one generation call's rows (all of one step); returns the shard, or ``None`` over budget."""
        step = int(table["step"][0].as_py()) if table.num_rows else self._last[0]
        if not self._started:
            self._start(step)
        round_ = self._last[1] + 1 if step == self._last[0] else 0
        self._last = (step, round_)
        if self._full or self._size() >= self.max_bytes:
            if not self._full:
                logger.warning("Saved rollouts reached %d MB in %s: later steps are not saved (raise "
                               "--save_rollouts_max_mb to keep more).", self.max_bytes // 2**20, self.folder)
            self._full = True
            return None
        table = table.set_column(table.schema.get_field_index("round"), "round",
                                 pa.array([round_] * table.num_rows, pa.int32()))
        path = self.folder / shard_name(step, round_, self.rank)
        partial = path.with_suffix(".partial")
        pq.write_table(table, partial, compression="zstd")
        os.replace(partial, path)  # a reader never sees half a shard
        return path

    def _start(self, step: int) -> None:
        """Remove this rank's shards from ``step`` on: a resumed run regenerates those steps."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for path in self.folder.glob(f"*.rank-{self.rank}.parquet"):
            if (m := _SHARD.fullmatch(path.name)) and int(m.group(1)) >= step:
                path.unlink()
        self._started = True

    def _size(self) -> int:
        return sum(p.stat().st_size for p in self.folder.glob("*.parquet"))


def rollout_files(run: str | Path) -> list[Path]:
    """The shards of a run (its folder, or its ``rollouts`` folder), in step order.

    Raises:
        RlvrError: the run saved no rollouts.
    """
    folder = Path(run)
    if folder.name != FOLDER and (folder / FOLDER).is_dir():
        folder = folder / FOLDER
    files = sorted(folder.glob("*.parquet"), key=_order) if folder.is_dir() else []
    if not files:
        raise RlvrError(f"No saved rollouts under {str(run)!r}: expected {FOLDER}/step-*.parquet, which "
                        "`train.py --save_rollouts` writes into its --output_dir.")
    return files


def write_eval_samples(path: str | Path, table: pa.Table) -> Path:
    """Write one evaluation's rows (`rollout_rows`) to ``path``, replacing an earlier file atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    pq.write_table(table, partial, compression="zstd")
    os.replace(partial, path)
    return path


def eval_sample_files(run: str | Path) -> list[Path]:
    """The saved evaluations of a run (its folder, or its ``rollouts`` folder): ``before`` first, then ``after``,
    then any other, each a mixture's tasks together; none when it saved none."""
    folder = Path(run)
    folder = (folder.parent if folder.name == FOLDER else folder) / EVAL_FOLDER
    order = {"before": 0, "after": 1}
    return sorted(folder.glob("*.parquet"), key=lambda p: (order.get(eval_label(p), 2), p.name))


def eval_label(path: Path) -> str:
    """Which evaluation a saved eval file holds: ``before``, ``after`` or ``eval`` (its name up to the first dot).

    >>> eval_label(Path("eval_samples/before.gsm8k.parquet"))
    'before'
    """
    return path.name.split(".", 1)[0]


def eval_task(path: Path) -> str | None:
    """The task of a mixture's eval file (between its evaluation's name and ``.parquet``); ``None`` for a whole one.

    >>> eval_task(Path("before.gsm8k.parquet")), eval_task(Path("after.parquet"))
    ('gsm8k', None)
    """
    return path.name.removesuffix(".parquet")[len(eval_label(path)) + 1 :] or None


def _order(path: Path) -> tuple[int, int, int]:
    m = _SHARD.fullmatch(path.name)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (-1, -1, -1)


def read_rollouts(run: str | Path) -> Any:
    """A run's saved rollouts as one `datasets.Dataset`, in step order."""
    from datasets import Dataset

    return Dataset.from_parquet([str(p) for p in rollout_files(run)])


def saved_files(run: str | Path) -> tuple[list[Path], list[Path]]:
    """A run's training shards (`rollout_files`) and its eval sample files (`eval_sample_files`).

    Raises:
        RlvrError: the run saved neither.
    """
    try:
        shards = rollout_files(run)
    except RlvrError:
        shards = []
    samples = eval_sample_files(run)
    if not shards and not samples:
        raise RlvrError(f"Nothing saved under {str(run)!r}: no rollouts ({FOLDER}/step-*.parquet) and no eval samples "
                        f"({EVAL_FOLDER}/*.parquet); `train.py --save_rollouts` writes both into its --output_dir, "
                        "`python -m eval --out DIR` its samples.")
    return shards, samples


def saved_reward_names(run: str | Path) -> list[str]:
    """The names of the rewards a run's rollouts (else its eval samples) were judged by, in the trainer's order."""
    shards, samples = saved_files(run)
    names = pq.read_table((shards or samples)[0], columns=["reward_names"])["reward_names"]
    return list(names[0].as_py()) if len(names) else []
