"""``bt_rm``: a learned Bradley–Terry reward model as a GRPO reward, for tasks no checker can verify.

A reward model r gives each (prompt, completion) one score, trained so that P(chosen > rejected) =
sigmoid(r(chosen) - r(rejected)) (Bradley & Terry 1952; Ouyang et al. 2022, eq. 1). Train one with

    python -m rewards.preference train --out DIR             # default pairs from the arithmetic env, offline
    python -m rewards.preference train --data pairs.jsonl --out DIR --base MODEL

and use it with ``rewards.get("bt_rm", model=DIR)`` or ``python train.py --reward "bt_rm(model=DIR)"``.

Scores are computed the way TRL's `RewardTrainer` saw its data (prompt + completion + EOS, or the chat template for
conversational rows), batched, under ``torch.inference_mode``, on the trainer's device.

Limits: a reward model is a proxy. Optimised hard, a policy finds what it over-rates; train.py logs the env's
verifiable rewards next to it (weight 0) so that shows. Status ``correct`` here only means a raw score above 0.
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import Any

from rewards.errors import RlvrError
from rewards.protocol import Reward, Status, Verdict

logger = logging.getLogger(__name__)


def check_reward_model_dir(model: str | Path) -> Any:
    """Return the config of the reward model at ``model``, or raise `RlvrError` saying what the directory holds.

    A reward model is a ``...ForSequenceClassification`` with ``num_labels == 1`` and a tokenizer beside it.
    """
    from transformers import AutoConfig

    path = Path(model)
    fix = "Train one with `python -m rewards.preference train --out DIR` and pass that DIR."
    if not path.is_dir():
        raise RlvrError(f"Reward model {str(model)!r} is not a directory. {fix}")
    if not (path / "config.json").exists():
        raise RlvrError(f"Reward model directory {str(model)!r} has no config.json, so it holds no model. {fix}")
    try:
        config = AutoConfig.from_pretrained(path)
    except Exception as e:
        raise RlvrError(f"Cannot read the model config in {str(model)!r}: {type(e).__name__}: {e}. {fix}") from e
    architectures = list(getattr(config, "architectures", None) or [])
    if not any(a.endswith("ForSequenceClassification") for a in architectures):
        raise RlvrError(
            f"{str(model)!r} holds a {' / '.join(architectures) or 'model of unknown architecture'}, not a sequence "
            f"classifier: bt_rm needs a reward model (a ...ForSequenceClassification with num_labels=1). {fix}"
        )
    if config.num_labels != 1:
        raise RlvrError(f"{str(model)!r} is a sequence classifier with num_labels={config.num_labels}; a reward model "
                        f"has num_labels=1 (one score per sequence). {fix}")
    if not any((path / f).exists() for f in ("tokenizer.json", "tokenizer_config.json", "tokenizer.model")):
        raise RlvrError(f"Reward model directory {str(model)!r} has no tokenizer; save it next to the model. {fix}")
    return config


def encode(tokenizer: Any, prompt: Any, completion: Any) -> list[int]:
    """Token ids of one (prompt, completion), exactly as TRL's `RewardTrainer` tokenizes a chosen/rejected side.

    Standard text gets the EOS appended; conversational messages go through the chat template.
    """
    if isinstance(completion, str) and isinstance(prompt, (str, type(None))):
        text = (prompt or "") + completion
        if tokenizer.eos_token and not text.endswith(tokenizer.eos_token):
            text += tokenizer.eos_token
        return list(tokenizer(text=text)["input_ids"])
    if isinstance(completion, (list, dict)) and isinstance(prompt, (list, type(None))):
        messages = list(prompt or []) + (completion if isinstance(completion, list) else [completion])
        return list(tokenizer.apply_chat_template(messages, tokenize=True, return_dict=True)["input_ids"])
    raise TypeError(f"cannot score prompt of type {type(prompt).__name__} with completion of type "
                    f"{type(completion).__name__}; both must be text or both conversational")


def score_sequences(model: Any, tokenizer: Any, prompts: list[Any], completions: list[Any], *, batch_size: int = 64,
                    max_length: int | None = None) -> list[float]:
    """The reward model's raw score for each (prompt, completion), batched, without gradients.

    Sequences longer than ``max_length`` keep their end, where the completion and its EOS are.
    """
    import torch

    ids = [encode(tokenizer, p, c) for p, c in zip(prompts, completions, strict=True)]
    if max_length is not None:
        ids = [x[-max_length:] for x in ids]
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    # Longest first within the whole list keeps padding small; scores go back to their original positions.
    order = sorted(range(len(ids)), key=lambda i: -len(ids[i]))
    scores = [0.0] * len(ids)
    device = next(model.parameters()).device
    with torch.inference_mode():
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            width = max(len(ids[i]) for i in chunk)
            input_ids = torch.full((len(chunk), width), pad, dtype=torch.long)
            mask = torch.zeros((len(chunk), width), dtype=torch.long)
            for row, i in enumerate(chunk):  # right padding, as RewardTrainer's collator pads
                input_ids[row, : len(ids[i])] = torch.tensor(ids[i])
                mask[row, : len(ids[i])] = 1
            logits = model(input_ids=input_ids.to(device), attention_mask=mask.to(device)).logits
            for row, i in enumerate(chunk):
                scores[i] = float(logits[row, 0])
    return scores


class BTRewardModel(Reward):
    """Scores completions with a trained Bradley–Terry reward model (``bt_rm``).

    Args:
        model: directory written by ``python -m rewards.preference train`` (or any sequence classifier with one label).
        normalize: return ``(score - mean) / std`` with the running mean and std of every score seen so far.
        batch_size: completions per forward pass.
        device: where to run; default, the trainer's device (accelerate's process device), else CUDA if present.
        max_length: longest sequence scored (its end is kept); default, the model's position limit.

    Raises:
        RlvrError: ``model`` is missing, or is not a one-label sequence classifier with a tokenizer.
    """

    __name__ = "bt_rm"
    columns = ()
    verifiable = False  # a model's prediction: train.py logs the env's checkers beside it

    def __init__(self, model: str | Path | None = None, *, normalize: bool = False, batch_size: int = 64,
                 device: str | None = None, max_length: int | None = None) -> None:
        if model is None:
            raise RlvrError("Reward 'bt_rm' needs a trained reward model: rewards.get('bt_rm', model=DIR), or "
                            "--reward 'bt_rm(model=DIR)' in train.py. Train one with "
                            "`python -m rewards.preference train --out DIR`.")
        config = check_reward_model_dir(model)
        self.model_dir = str(model)
        self.normalize, self.batch_size, self.device = normalize, batch_size, device
        self.max_length = max_length or getattr(config, "max_position_embeddings", None)
        self.count, self.mean, self._m2 = 0, 0.0, 0.0  # running statistics of raw scores (Welford)
        self._model: Any = None
        self._tokenizer: Any = None

    # Why a class with lazy loading: the trainer pickles/copies rewards in some setups, and the model should be
    # loaded once, on the device training actually uses, not at construction.
    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), "_model": None, "_tokenizer": None}

    def inputs(self, completions: list[Any]) -> list[Any]:
        # Keep conversational completions whole: the chat template needs their messages.
        return list(completions)

    def load(self) -> tuple[Any, Any]:
        """The reward model (eval mode, on its device) and tokenizer, loaded on first use."""
        if self._model is None:
            from transformers import AutoModelForSequenceClassification, AutoTokenizer

            self._tokenizer = AutoTokenizer.from_pretrained(self.model_dir)
            model = AutoModelForSequenceClassification.from_pretrained(self.model_dir)
            if model.config.pad_token_id is None:
                model.config.pad_token_id = self._tokenizer.pad_token_id or self._tokenizer.eos_token_id
            self._model = model.to(self.device or _trainer_device()).eval()
        return self._model, self._tokenizer

    def judge(self, completions: list[Any], prompts: list[Any] | None = None, **kwargs: Any) -> list[Verdict | None]:
        model, tokenizer = self.load()
        raw = score_sequences(model, tokenizer, prompts if prompts is not None else [None] * len(completions),
                              completions, batch_size=self.batch_size, max_length=self.max_length)
        log_metric = kwargs.get("log_metric")
        if callable(log_metric) and raw:
            log_metric(f"{self.__name__}/raw_mean", sum(raw) / len(raw))
        scores = self._normalized(raw) if self.normalize else raw
        return [Verdict(s, Status.CORRECT if r > 0 else Status.WRONG, f"raw {r:.4f}") for s, r in zip(scores, raw)]

    def _normalized(self, raw: list[float]) -> list[float]:
        for x in raw:
            self.count += 1
            delta = x - self.mean
            self.mean += delta / self.count
            self._m2 += delta * (x - self.mean)
        std = math.sqrt(self._m2 / (self.count - 1)) if self.count > 1 else 1.0
        return [(x - self.mean) / (std if std > 1e-8 else 1.0) for x in raw]


def _trainer_device() -> Any:
    import torch
    from accelerate.state import PartialState

    # Training arguments set up accelerate's shared process state, so once a trainer exists this is its device. The
    # state is only read, never created here: creating it early would fix the device before the trainer chooses.
    if PartialState._shared_state:
        return PartialState().device
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")

