"""``multiple_choice``: questions with lettered options from a local file (GPQA, MMLU-Pro, MMLU, AQuA, ARC format),
judged by ``multiple_choice``.

``dataset_file`` is a JSONL/Parquet file as one of these datasets ships it, recognised by its columns:

- MMLU-Pro, AQuA, MMLU: ``question``, ``options`` or ``choices`` (a list; AQuA's ``"A)21"`` labels are dropped), and
  the gold in ``answer`` (a letter, a 0-based index as MMLU's, or the option's text), ``answer_index`` or ``correct``;
- ARC: ``question``, ``choices`` (``{"text": [...], "label": [...]}``) and ``answerKey`` (a label);
- GPQA: ``Question``, ``Correct Answer``, ``Incorrect Answer 1`` to ``3``; the four are put in an order drawn from
  the seed and the question, so the gold letter is spread evenly and a seed always gives the same order.

Every row becomes ``question``, ``options`` (the texts), ``answer`` (the gold letter) and ``reference``; a row whose
options or gold cannot be read is an error naming the row. The file is cut into train and eval by a hash of the
question (``eval_percent``), or ``eval_file`` gives the eval rows. No download: the file is the data.

    python train.py --env multiple_choice --env_kwargs dataset_file=mmlu_pro_test.parquet chat=true --model <chat model>
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from datasets import Dataset

from envs.prompts import CHOICE_TEMPLATE, choice_prompts
from envs.sources import check_counts, hash_split, head, load_file
from rewards.choice.options import gold_letter, option_texts
from rewards.errors import RlvrError

GPQA_COLUMNS = ("Question", "Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3")
OPTION_COLUMNS = ("options", "choices")
GOLD_COLUMNS = ("answer", "answer_index", "answerKey", "correct")
FORMATS = ("GPQA (Question, Correct Answer, Incorrect Answer 1-3); MMLU-Pro, MMLU, AQuA, ARC (question, options or "
           "choices, and answer, answer_index, answerKey or correct)")


def build(dataset_file: str | None = None, eval_file: str | None = None, n_train: int | None = None,
          n_eval: int | None = None, eval_percent: int = 10, template: str = CHOICE_TEMPLATE, chat: bool = False,
          seed: int = 0) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)`` with columns ``prompt``, ``question``, ``options``, ``answer`` (the gold letter) and
    ``reference`` from a local file.

    Args:
        dataset_file: a JSONL/Parquet file in one of the formats of the module docstring (required).
        eval_file: eval rows in the same format; without it ``dataset_file`` is split by ``eval_percent``.
        template: the prompt, with ``{question}`` and ``{options}`` (one ``A) text`` line per option).
        chat: build conversational prompts (a list with one user message) for chat models.
        seed: the shuffle of ``n_train``/``n_eval`` and of GPQA's option order.

    Raises:
        RlvrError: no ``dataset_file``, a file of no known format, or a row whose options or gold cannot be read.
    """
    if not dataset_file:
        raise RlvrError("Env 'multiple_choice' reads a local file: pass dataset_file=<a .jsonl or .parquet file> in "
                        f"one of these formats: {FORMATS}.")
    check_counts(n_train=n_train, n_eval=n_eval)
    data = standard_rows(load_file(dataset_file, ()), seed, repr(dataset_file))
    if eval_file:
        train, held_out = data, standard_rows(load_file(eval_file, ()), seed, repr(eval_file))
    else:
        train, held_out = hash_split(data, "question", eval_percent)
    out = []
    for ds, n in ((train, n_train), (held_out, n_eval)):
        ds = head(ds, n, seed)
        out.append(ds.add_column("prompt", choice_prompts(ds["question"], ds["options"], template, chat)))
    return out[0], out[1]


def standard_rows(data: Dataset, seed: int, where: str) -> Dataset:
    """``data`` in the env's columns (``question``, ``options``, ``answer`` as a letter, ``reference``), whichever
    of the module docstring's formats it is in.

    >>> rows = Dataset.from_list([{"question": "2+2?", "choices": ["3", "4"], "answer": 1}])
    >>> standard_rows(rows, 0, "'x.jsonl'")[0]["answer"]
    'B'
    """
    columns = set(data.column_names)
    if set(GPQA_COLUMNS) <= columns:
        made = [_gpqa_row(row, seed) for row in data]
    else:
        option_column = next((c for c in OPTION_COLUMNS if c in columns), None)
        gold_column = next((c for c in GOLD_COLUMNS if c in columns), None)
        if "question" not in columns or option_column is None or gold_column is None:
            raise RlvrError(f"Dataset {where} has columns {sorted(columns)}, no known multiple-choice format; "
                            f"expected {FORMATS}.")
        made = [(row["question"], row[option_column], row[gold_column]) for row in data]
    questions, options, golds = [], [], []
    for i, (question, cell, gold) in enumerate(made):
        texts, letter = _read_row(cell, gold)
        if not isinstance(question, str) or not question.strip() or texts is None or letter is None:
            raise RlvrError(f"Dataset {where}, row {i}: cannot read question {str(question)[:60]!r}, options "
                            f"{str(cell)[:120]!r} and gold {gold!r}. A row needs a question, 2 to 26 options and a "
                            "gold that is a letter, a 0-based index or one option's text.")
        questions.append(question)
        options.append(texts)
        golds.append(letter)
    return Dataset.from_dict({"question": questions, "options": options, "answer": golds,
                              "reference": [f"The answer is \\boxed{{{g}}}." for g in golds]})


def _gpqa_row(row: Mapping[str, Any], seed: int) -> tuple[Any, list[Any], int]:
    """GPQA's question, its four answers in an order drawn from the seed and the question, and the gold's index."""
    answers = [row[c] for c in GPQA_COLUMNS[1:]]
    order = list(range(len(answers)))
    random.Random(f"{seed}:{row['Question']}").shuffle(order)  # a str seed hashes the same in every process
    return row["Question"], [answers[i] for i in order], order.index(0)


def _read_row(cell: Any, gold: Any) -> tuple[list[str] | None, str | None]:
    """A row's option texts and gold letter; ARC's gold is one of the cell's own labels (``"1"`` or ``"A"``)."""
    texts = option_texts(cell)
    if texts is None:
        return None, None
    labels = cell.get("label") if isinstance(cell, Mapping) else None
    if isinstance(labels, list) and gold in labels and len(labels) == len(texts):
        gold = labels.index(gold)
    return texts, gold_letter(gold, texts)
