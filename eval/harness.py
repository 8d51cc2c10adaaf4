"""Sample completions for an env's problems and score them with the env's own rewards (the code training uses).

A completion passes when the env's first reward gives it a score of at least 1.0.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
from datasets import Dataset
from tqdm.auto import tqdm

import rewards
from eval.passk import mean_pass_at_k

logger = logging.getLogger(__name__)


@dataclass
class Samples:
    """``n`` completions per problem, in problem order, with their token ids (cut after the first EOS)."""

    texts: list[list[str]]
    ids: list[list[list[int]]]


@torch.inference_mode()
def generate(model: Any, tokenizer: Any, prompts: Sequence[Any], n: int = 1, *, greedy: bool = False,
             temperature: float = 1.0, max_new_tokens: int = 64, batch_size: int = 512, desc: str = "generate") -> Samples:
    """Generate ``n`` completions for each prompt (standard or conversational), batched and left-padded."""
    tokenizer.padding_side = "left"
    texts = [_prompt_text(tokenizer, p) for p in prompts]
    per_batch = max(1, batch_size // n)
    out = Samples([], [])
    eos = tokenizer.eos_token_id
    for start in tqdm(range(0, len(texts), per_batch), desc=desc, unit="batch", leave=False):
        chunk = texts[start : start + per_batch]
        enc = tokenizer(chunk, return_tensors="pt", padding=True, add_special_tokens=False).to(model.device)
        seqs = model.generate(**enc, do_sample=not greedy, temperature=None if greedy else temperature, top_p=None,
                              top_k=None, num_return_sequences=n, max_new_tokens=max_new_tokens,
                              pad_token_id=tokenizer.pad_token_id, eos_token_id=eos)
        completion_ids = [_cut_at_eos(row.tolist(), eos) for row in seqs[:, enc["input_ids"].shape[1] :]]
        decoded = tokenizer.batch_decode(completion_ids, skip_special_tokens=True)
        for i in range(len(chunk)):
            out.texts.append(decoded[i * n : (i + 1) * n])
            out.ids.append(completion_ids[i * n : (i + 1) * n])
    return out


def score(reward_fn: rewards.RewardFn, dataset: Dataset, samples: Samples) -> tuple[list[list[float]], Counter]:
    """Score every sample with ``reward_fn`` called exactly as GRPOTrainer calls it; also returns status counts."""
    n = len(samples.texts[0]) if samples.texts else 0
    columns = {c: [v for v in dataset[c] for _ in range(n)] for c in dataset.column_names if c != "prompt"}
    kwargs = dict(
        prompts=[p for p in dataset["prompt"] for _ in range(n)],
        completions=[c for group in samples.texts for c in group],
        completion_ids=[c for group in samples.ids for c in group],
        **columns,
    )
    statuses: Counter = Counter()
    if isinstance(reward_fn, rewards.Reward):
        verdicts = reward_fn.verdicts(**kwargs)
        statuses.update(v.status.value for v in verdicts if v is not None)
        flat = [0.0 if v is None else v.score for v in verdicts]
    else:
        flat = [0.0 if s is None else float(s) for s in reward_fn(**kwargs)]
    return [flat[i * n : (i + 1) * n] for i in range(len(dataset))], statuses


@dataclass
class EvalResult:
    """Pass rates of one model on one env split."""

    pass_at_k: dict[int, float]
    greedy_accuracy: float | None
    n_problems: int
    n_samples: int
    status_counts: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``pass@k`` keys, greedy accuracy, sizes and reward status counts."""
        return {**{f"pass@{k}": v for k, v in self.pass_at_k.items()}, "greedy_accuracy": self.greedy_accuracy,
                "n_problems": self.n_problems, "n_samples": self.n_samples, "status_counts": self.status_counts}


def evaluate(model: Any, tokenizer: Any, env: Any, *, n: int = 8, ks: Sequence[int] = (1,), limit: int | None = None,
             greedy: bool = True, temperature: float = 1.0, max_new_tokens: int = 64, batch_size: int = 512,
             seed: int = 0, split: str = "eval") -> EvalResult:
    """Sample ``n`` completions per problem of ``env``'s ``split`` and report unbiased pass@k (and greedy accuracy)."""
    dataset = getattr(env, split)
    if limit is not None:
        dataset = dataset.select(range(min(limit, len(dataset))))
    reward_fn = rewards.get(env.rewards[0])
    rewards.check_columns([reward_fn], dataset.column_names, where=f"env {env.id!r} ({split} split)")
    was_training = model.training
    model.eval()
    try:
        torch.manual_seed(seed)
        sampled = generate(model, tokenizer, dataset["prompt"], n, temperature=temperature,
                           max_new_tokens=max_new_tokens, batch_size=batch_size, desc=f"sample x{n}")
        scores, statuses = score(reward_fn, dataset, sampled)
        correct = [sum(s >= 1.0 for s in group) for group in scores]
        greedy_acc = None
        if greedy:
            best = generate(model, tokenizer, dataset["prompt"], 1, greedy=True, max_new_tokens=max_new_tokens,
                            batch_size=batch_size, desc="greedy")
            greedy_scores, _ = score(reward_fn, dataset, best)
            greedy_acc = sum(g[0] >= 1.0 for g in greedy_scores) / len(dataset)
    finally:
        model.train(was_training)
    return EvalResult(
        pass_at_k={k: mean_pass_at_k(correct, n, k) for k in ks if k <= n},
        greedy_accuracy=greedy_acc,
        n_problems=len(dataset),
        n_samples=n,
        status_counts=dict(statuses),
    )


def _prompt_text(tokenizer: Any, prompt: Any) -> str:
    if isinstance(prompt, str):
        return prompt
    return tokenizer.apply_chat_template(prompt, add_generation_prompt=True, tokenize=False)


def _cut_at_eos(ids: list[int], eos: int | None) -> list[int]:
    return ids[: ids.index(eos) + 1] if eos is not None and eos in ids else ids
