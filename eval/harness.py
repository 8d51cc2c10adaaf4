"""Sample completions for an env's problems and score them with the env's own rewards (the code training uses).

A completion passes when the env's first reward gives it a score of at least 1.0. One that reward could not judge
through no fault of its own (status ``unscorable``: a sandbox worker lost, verifiers unreachable) is neither a pass
nor a fail: it is left out of pass@k and greedy accuracy, as GRPO leaves it out of its group, and counted
(``unscorable``); pass@k is then over each problem's scored samples, and a problem with fewer than k of them is left
out of pass@k (counted per k). Completions are generated in
chunks of prompts (batched, left-padded); each chunk is seeded from the run seed and its first problem index, so a
run resumed from a `CompletionCache` produces exactly what an uninterrupted one would.

An env scored by its own environment (`rewards.env_reward`: an OpenEnv environment, `envs.openenv.load`) is rolled
out through the tool loop with each problem's row (its ``seed`` picks the episode), and its reward asks the rollouts'
environment instances, as in training; its completions are not cached, since a cached text has no episode to score.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch
from datasets import Dataset
from tqdm.auto import tqdm

import rewards
from eval import settings
from eval.bootstrap import bootstrap_ci
from eval.cache import CompletionCache, prompt_key, signature_hash
from eval.grpo_signal import zero_std_probability
from eval.majority import maj_at_k, votes
from eval.passk import check_ks, pass_at_k, pass_hat_k
from eval.provenance import provenance
from eval.result import EvalResult
from eval.rollouts import eval_rows, write_eval_samples
from eval.samples import Sampler, Samples
from eval.settings import FROM_ENV
from rewards.errors import RlvrError
from rewards.protocol import LOGGED_STATUSES, Reward, Status, Verdict, as_verdict, call_like_trainer, passes

logger = logging.getLogger(__name__)


@torch.inference_mode()
def generate(model: Any, tokenizer: Any, prompts: Sequence[Any], n: int = 1, *, greedy: bool = False,
             temperature: float = 1.0, top_p: float = 1.0, max_new_tokens: int = 64, batch_size: int = 512,
             desc: str = "generate") -> Samples:
    """Generate ``n`` completions for each prompt (standard or conversational), batched and left-padded."""
    tokenizer.padding_side = "left"
    texts = [_prompt_text(tokenizer, p) for p in prompts]
    per_batch = max(1, batch_size // n)
    out = Samples([], [])
    eos = tokenizer.eos_token_id
    for start in tqdm(range(0, len(texts), per_batch), desc=desc, unit="batch", leave=False,
                      disable=len(texts) <= per_batch):
        chunk = texts[start : start + per_batch]
        enc = tokenizer(chunk, return_tensors="pt", padding=True, add_special_tokens=False).to(model.device)
        seqs = model.generate(**enc, do_sample=not greedy, temperature=None if greedy else temperature,
                              top_p=None if greedy or top_p >= 1.0 else top_p, top_k=None, num_return_sequences=n,
                              max_new_tokens=max_new_tokens, pad_token_id=tokenizer.pad_token_id, eos_token_id=eos)
        completion_ids = [_cut_at_eos(row.tolist(), eos) for row in seqs[:, enc["input_ids"].shape[1] :]]
        decoded = tokenizer.batch_decode(completion_ids, skip_special_tokens=True)
        for i in range(len(chunk)):
            out.texts.append(decoded[i * n : (i + 1) * n])
            out.ids.append(completion_ids[i * n : (i + 1) * n])
    return out


def hf_sampler(model: Any, tokenizer: Any, *, temperature: float = 1.0, top_p: float = 1.0,
               max_new_tokens: int = 64) -> Sampler:
    """A `Sampler` running ``model.generate`` (transformers) on one chunk of prompts."""

    def sample(prompts: Sequence[Any], n: int, greedy: bool, seed: int) -> Samples:
        torch.manual_seed(seed)
        return generate(model, tokenizer, prompts, n, greedy=greedy, temperature=temperature, top_p=top_p,
                        max_new_tokens=max_new_tokens, batch_size=len(prompts) * n)

    return sample


def sample_all(sampler: Sampler, prompts: Sequence[Any], n: int, *, greedy: bool = False, seed: int = 0,
               chunk_size: int = 64, cache: CompletionCache | None = None, desc: str = "sample",
               progress: bool = True, rows: Sequence[dict[str, Any]] | None = None) -> tuple[Samples, int]:
    """Completions for every prompt, taking cached ones and generating (and caching) the rest chunk by chunk; the
    sampler is handed the ``rows`` (one per prompt) instead of the prompts where they are given (a tool sampler).

    Returns:
        The samples in prompt order, and how many completions were generated (not read from the cache).
    """
    kind = "greedy" if greedy else "sample"
    keys = [prompt_key(p) for p in prompts]
    found: dict[int, tuple[list[str], list[list[int]], list[Any] | None]] = {}
    if cache is not None:
        for i, key in enumerate(keys):
            if (hit := cache.get(kind, i, key)) is not None:
                found[i] = (*hit, None)
    missing = [i for i in range(len(prompts)) if i not in found]
    generated = 0
    inputs = prompts if rows is None else rows
    chunks = [missing[s : s + chunk_size] for s in range(0, len(missing), chunk_size)]
    for chunk in tqdm(chunks, desc=desc, unit="chunk", disable=not (chunks and progress)):
        out = sampler([inputs[i] for i in chunk], n, greedy, seed * 1_000_003 + chunk[0])
        if cache is not None:
            cache.add(kind, chunk, [keys[i] for i in chunk], out.texts, out.ids)
        instances: list[list[Any] | None] = [None] * len(chunk) if out.environments is None else [*out.environments]
        found.update({i: (t, c, e) for i, t, c, e in zip(chunk, out.texts, out.ids, instances, strict=True)})
        generated += len(chunk) * n
    ordered = [found[i] for i in range(len(prompts))]
    environments = [e for _, _, e in ordered if e is not None]
    return Samples([t for t, _, _ in ordered], [c for _, c, _ in ordered],
                   environments if len(environments) == len(ordered) else None), generated


def score(reward_fn: rewards.RewardFn, dataset: Dataset, samples: Samples) -> tuple[list[list[float]], Counter]:
    """Score every sample with ``reward_fn`` called exactly as GRPOTrainer calls it; also returns status counts.

    A ``None`` score (the reward cannot judge that row, or could not judge that completion) counts as 0.0 here;
    `score_raw` keeps it, with each completion's status.
    """
    scores, statuses = score_raw(reward_fn, dataset, samples)
    counts = Counter(s for group in statuses for s in group if s is not None)
    return [[0.0 if s is None else s for s in group] for group in scores], counts


def score_raw(reward_fn: rewards.RewardFn, dataset: Dataset,
              samples: Samples) -> tuple[list[list[float | None]], list[list[str | None]]]:
    """Like `score`, keeping ``None`` for rows the reward could not judge, and each completion's status (``None``
    for a plain function's), grouped per problem."""
    n, args = _trainer_args(dataset, samples)
    flat, statuses = call_like_trainer(reward_fn, **args)
    return ([flat[i * n : (i + 1) * n] for i in range(len(dataset))],
            [statuses[i * n : (i + 1) * n] for i in range(len(dataset))])


def read_answers(reward_fn: rewards.RewardFn, dataset: Dataset, samples: Samples) -> list[list[str | None]] | None:
    """The final answer ``reward_fn`` read from each sample (`rewards.protocol.Verdict.answer`), per problem;
    ``None`` when it is not a `rewards.protocol.Reward` or read no answer at all. Right after `score_raw` on the same
    samples a reward's verdicts are its last batch's, so this judges nothing again."""
    if not isinstance(reward_fn, Reward):
        return None
    n, args = _trainer_args(dataset, samples)
    verdicts = reward_fn.verdicts(**{k: v for k, v in args.items() if k != "columns"}, **args["columns"])
    read = [None if v is None else v.answer for v in verdicts]
    if all(a is None for a in read):
        return None
    return [read[i * n : (i + 1) * n] for i in range(len(dataset))]


def _trainer_args(dataset: Dataset, samples: Samples) -> tuple[int, dict[str, Any]]:
    """Samples per problem, and `call_like_trainer`'s arguments: one row per sample, each problem's columns repeated."""
    n = len(samples.texts[0]) if samples.texts else 0
    columns = {c: [v for v in dataset[c] for _ in range(n)] for c in dataset.column_names if c != "prompt"}
    if samples.environments is not None:  # as TRL hands its rewards the batch's environment instances
        columns["environments"] = [e for group in samples.environments for e in group]
    return n, dict(prompts=[p for p in dataset["prompt"] for _ in range(n)],
                   completions=[c for group in samples.texts for c in group],
                   completion_ids=[c for group in samples.ids for c in group], columns=columns)


def evaluate(model: Any, tokenizer: Any, env: Any, *, n: int = 8, ks: Sequence[int] = (1,), limit: int | None = None,
             greedy: bool = True, temperature: float = 1.0, top_p: float = 1.0, max_new_tokens: int | None = None,
             batch_size: int = 512, seed: int = 0, split: str = "eval", group_size: int | None = None,
             cache: str | Path | None = None, sampler: Sampler | None = None, model_name: str | None = None,
             confidence: float = 0.95, n_bootstrap: int = 2000, max_tool_turns: int | None | str = FROM_ENV,
             withhold_tools: bool = False, verbose: bool = True, samples_to: str | Path | None = None,
             samples_step: int = 0) -> EvalResult:
    """Sample ``n`` completions per problem of ``env``'s ``split``; report pass@k with CIs, statuses and GRPO signal.

    A tool env (one ``environment_factory`` class) is rolled out through TRL's tool loop (`eval.tool_loop`) and its
    tool rates land in ``tools``; a mixture of tool envs is `eval.mixture.evaluate_by_task`'s.

    Args:
        model, tokenizer: a causal LM and its tokenizer (``model`` may be ``None`` when ``sampler`` is given).
        env: a made env (`envs.make`); its rewards score the completions, the first one decides pass/fail.
        n: samples per problem; ks: the k of pass@k (each <= n); limit: only the first ``limit`` problems.
        max_new_tokens: the token budget of a completion (a tool env's: of the whole rollout). Default: the env's
            ``max_completion_length`` training default (`envs.train_defaults`), else 64.
        max_tool_turns: tool turns after the first generation (TRL's ``max_tool_calling_iterations``; None: no
            limit). Default: the env's training default, else 4. withhold_tools: a tool env answered with no tools.
        greedy: also measure greedy accuracy. group_size: the GRPO group size G whose zero-std share is
            reported (default ``n``; every G in 2..n is in ``zero_std_fraction``).
        cache: a ``.jsonl`` file to append completions to and resume from (see `eval.cache`), or a folder
            holding one such file per run signature.
        sampler: generate with this instead of ``model.generate`` (e.g. `eval.vllm_backend.vllm_sampler`).
        verbose: show progress bars and warn of a high clipped rate; off for an evaluation repeated inside a
            training run, which reports its own.
        samples_to: a ``.parquet`` file to save the sampled completions to with every reward's verdicts, in the
            format of `eval.rollouts` (``samples_step``: the training step of the model), for `eval.rescore`. Not
            for an env scored by its environment (its episodes are not saved).

    Returns:
        An `EvalResult`; ``to_dict()`` is its JSON form.

    Raises:
        ValueError: a k outside ``1..n``. MissingColumnError: the split lacks a column a reward reads.
    """
    check_ks(ks, n, "ks", "n")
    if scored_by_environment(env) and (sampler is not None or withhold_tools):
        raise RlvrError(f"env {env.id!r} is scored by its environment (env_reward), so each rollout must play an "
                        "episode on it through the tool loop: evaluate it without a custom sampler (no --backend "
                        "vllm) and without withholding its tools.")
    if isinstance(env.environment_factory, dict) and sampler is None:
        raise RlvrError(f"env {env.id!r} mixes tool envs (environment_factory is a dict per env): evaluate it with "
                        "eval.mixture.evaluate_by_task(model, tokenizer, env, ...), which runs each env with its "
                        "own tools and pools the rates, or evaluate each tool env by its id.")
    max_new_tokens, max_tool_turns = settings.resolve(env, max_new_tokens, max_tool_turns)
    tool_loop = env.environment_factory is not None and sampler is None
    if tool_loop:  # a tool env: TRL's tool loop, its environments reset with the rows
        from eval.tool_loop import ToolSampler

        sampler = ToolSampler(model, tokenizer, env.environment_factory, temperature=temperature, top_p=top_p,
                              max_new_tokens=max_new_tokens, max_turns=max_tool_turns, withhold_tools=withhold_tools)
    elif withhold_tools:
        raise RlvrError(f"withhold_tools compares a tool env with its tools withheld; env {env.id!r} has no tools "
                        "(or a sampler was given).")
    dataset = env.require(split, "give it more data or evaluate another split")
    if limit is not None:
        dataset = dataset.select(range(min(limit, len(dataset))))
    reward_funcs = env.reward_funcs()
    # The env's first reward id decides pass/fail; a mixed env trains on per-task rewards but judges with `by_task`.
    judge = next((f for f in reward_funcs if f.__name__ == env.rewards[0]), None) or rewards.get(env.rewards[0])
    rewards.check_columns([judge, *reward_funcs], dataset.column_names, where=f"env {env.id!r} ({split} split)")
    if cache is not None and scored_by_environment(env):
        logger.warning("env %s is scored by its environment during each episode: its completions are not cached",
                       env.id)
        cache = None
    if samples_to is not None and scored_by_environment(env):
        logger.info("env %s is scored by its environment: its eval samples are not saved (no episode to re-judge)",
                    env.id)
        samples_to = None
    sampling = {"n": n, "temperature": temperature, "top_p": top_p, "max_new_tokens": max_new_tokens,
                "greedy": greedy, "backend": "hf" if sampler is None else getattr(sampler, "backend", "custom")}
    name = model_name or getattr(getattr(model, "config", None), "_name_or_path", None) or "in-memory"
    stamp = provenance(model=model, model_name=name, env=env, reward_funcs=reward_funcs, sampling=sampling, seed=seed)
    completion_cache = None
    if cache is not None:
        signature = {"model": stamp["model"], "env": stamp["env"]["fingerprint"], "split": split,
                     "sampling": {k: v for k, v in sampling.items() if k != "greedy"}, "seed": seed}
        path = Path(cache)
        if path.suffix != ".jsonl":  # a folder: one file per run signature, so different runs never collide
            path = path / f"{signature_hash(signature)}.jsonl"
        completion_cache = CompletionCache(path, signature)
    stamp["cache"] = None if completion_cache is None else str(completion_cache.path)
    chunk = max(1, batch_size // n)
    was_training = getattr(model, "training", False)
    if model is not None:
        model.eval()
    try:
        with torch.random.fork_rng(devices=_cuda_devices(model)):
            run = sampler or hf_sampler(model, tokenizer, temperature=temperature, top_p=top_p,
                                        max_new_tokens=max_new_tokens)
            rows = list(dataset) if tool_loop else None
            sampled, generated = sample_all(run, dataset["prompt"], n, seed=seed, chunk_size=chunk,
                                            cache=completion_cache, desc=f"sample x{n}", progress=verbose, rows=rows)
            best, greedy_generated = None, 0
            if greedy:
                best, greedy_generated = sample_all(run, dataset["prompt"], 1, greedy=True, seed=seed,
                                                    chunk_size=max(1, batch_size), cache=completion_cache,
                                                    desc="greedy", progress=verbose, rows=rows)
    finally:
        if model is not None:
            model.train(was_training)
    kept: dict[str, list[Verdict | None]] | None = {} if samples_to is not None else None
    result = _summarise(env, dataset, judge, reward_funcs, sampled, best, n=n, ks=ks, seed=seed,
                        confidence=confidence, n_bootstrap=n_bootstrap, group_size=group_size or n, stamp=stamp,
                        generation={"generated": generated + greedy_generated,
                                    "from_cache": len(dataset) * (n + int(greedy)) - generated - greedy_generated},
                        verdicts=kept)
    if kept is not None and samples_to is not None:
        _save_samples(samples_to, samples_step, dataset, sampled, kept, env.spec.reward_weights, reward_funcs)
    eos = getattr(tokenizer, "eos_token_id", None)
    cut = [settings.clipped(ids, max_new_tokens, eos) for group in sampled.ids for ids in group]
    result.clipped_rate, result.max_new_tokens = (sum(cut) / len(cut) if cut else None), max_new_tokens
    summary = getattr(sampler, "summary", None)
    result.tools = summary() if callable(summary) else None  # a ToolSampler's rates over these rollouts
    if verbose and (warning := settings.clipped_warning(result.to_dict())) is not None:
        logger.warning("env %s: %s", env.id, warning)
    return result


def scored_by_environment(env: Any) -> bool:
    """Whether ``env``'s rollouts are scored by their own environment instances (`rewards.env_reward`)."""
    return "env_reward" in env.rewards


def _summarise(env: Any, dataset: Dataset, judge: Any, reward_funcs: list[Any], sampled: Samples,
               best: Samples | None, *, n: int, ks: Sequence[int], seed: int, confidence: float, n_bootstrap: int,
               group_size: int, stamp: dict[str, Any], generation: dict[str, int],
               verdicts: dict[str, list[Verdict | None]] | None = None) -> EvalResult:
    """The result of the scored samples; ``verdicts``, when given, gets each reward's verdicts of them by name."""
    weights = env.spec.reward_weights
    if weights is None or len(weights) != len(reward_funcs):
        weights = (1.0,) * len(reward_funcs)
    scored, status_rates, verdict_counts = {}, {}, {}
    judged_statuses: list[list[str | None]] = []
    for fn in [judge, *reward_funcs]:
        if id(fn) in scored:  # the judge is usually also the first training reward: score it once
            continue
        scores, per_completion = score_raw(fn, dataset, sampled)
        scored[id(fn)] = scores
        if verdicts is not None:
            verdicts[fn.__name__] = _last_verdicts(fn, dataset, sampled, scores)
        judged_statuses = judged_statuses or per_completion  # the judge's: scored first
        statuses = Counter(s for group in per_completion for s in group if s is not None)
        total = sum(statuses.values())
        status_rates[fn.__name__] = {s.value: statuses.get(s.value, 0) / total if total else 0.0
                                     for s in LOGGED_STATUSES}
        verdict_counts[fn.__name__] = dict(statuses)
    judged, per_reward = scored[id(judge)], [scored[id(fn)] for fn in reward_funcs]
    answers = read_answers(judge, dataset, sampled)
    # GRPO sums weighted rewards, skipping None (nansum), and an environment's own `get_reward` at weight 1 (TRL adds
    # it): its zero-std test is on this total. A completion every column scored None is TRL's unscorable one, left
    # out of its group's mean and std: None here, not 0.
    owned = [[_owned_reward(e) for e in group] for group in sampled.environments or [[None] * n] * len(dataset)]
    totals = [[_grpo_total([r[i][j] for r in per_reward], weights, owned[i][j]) for j in range(n)]
              for i in range(len(dataset))]
    scorable = [t for group in totals for t in group if t is not None]
    left_out = [sum(s == Status.UNSCORABLE.value for s in group) for group in judged_statuses]
    kept = [n - m for m in left_out]  # each problem's scored samples: pass@k is over these
    correct = [sum(passes(s) for s in group) for group in judged]
    greedy_ok: list[bool | None] | None = None
    if best is not None:
        greedy_scores, greedy_statuses = score_raw(judge, dataset, best)
        greedy_ok = [None if st[0] == Status.UNSCORABLE.value else passes(g[0])
                     for g, st in zip(greedy_scores, greedy_statuses)]
    boot: dict[str, Any] = dict(confidence=confidence, n_resamples=n_bootstrap, seed=seed)
    pass_k: dict[int, float | None] = {}
    ci: dict[str, tuple[float, float]] = {}
    problems_left_out = {}
    for k in ks:
        values = [pass_at_k(m, c, k) for m, c in zip(kept, correct) if m >= k]
        problems_left_out[f"pass@{k}"] = len(kept) - len(values)
        pass_k[k] = sum(values) / len(values) if values else None
        if values:
            ci[f"pass@{k}"] = bootstrap_ci(values, **boot)
    ballots = None if answers is None else [votes(a, [passes(s) for s in g]) for a, g in zip(answers, judged)]
    rates, rate_ci = k_rates(correct, ballots, kept, ks, boot)
    ci.update(rate_ci)
    greedy_acc = None
    judged_greedy = [g for g in greedy_ok or [] if g is not None]
    if greedy_ok is not None:
        problems_left_out["greedy_accuracy"] = len(greedy_ok) - len(judged_greedy)
    if judged_greedy:
        greedy_acc = sum(judged_greedy) / len(judged_greedy)
        ci["greedy_accuracy"] = bootstrap_ci([float(g) for g in judged_greedy], **boot)
    lengths = [len(ids) for group in sampled.ids for ids in group]
    per_prompt = [
        {"key": prompt_key(p), "prompt": _preview(p), "n": kept[i], "correct": c, "unscorable": left_out[i],
         "greedy_correct": None if greedy_ok is None else greedy_ok[i], "rewards": totals[i],
         "mean_tokens": sum(map(len, sampled.ids[i])) / n, **({} if ballots is None else {"votes": ballots[i]})}
        for i, (p, c) in enumerate(zip(dataset["prompt"], correct))
    ]
    return EvalResult(
        pass_at_k=pass_k, greedy_accuracy=greedy_acc, n_problems=len(dataset), n_samples=n,
        status_counts=verdict_counts[judge.__name__], ci=ci, confidence=confidence, status_rates=status_rates,
        mean_completion_tokens=sum(lengths) / len(lengths) if lengths else None,
        zero_std_fraction={g: sum(zero_std_probability(t, g) for t in totals) / len(totals) for g in range(2, n + 1)},
        group_size=group_size if 2 <= group_size <= n else None, per_prompt=per_prompt,
        generation=generation, provenance=stamp, rates=rates,
        unscorable={"completions": sum(left_out) + (problems_left_out.get("greedy_accuracy", 0)),
                    "problems_left_out": problems_left_out},
        mean_reward=sum(scorable) / len(scorable) if scorable else None,
    )


def _last_verdicts(fn: Any, dataset: Dataset, samples: Samples,
                   scores: list[list[float | None]]) -> list[Verdict | None]:
    """``fn``'s verdicts of the samples it just scored, judging nothing again (a plain function's: from its
    scores)."""
    if isinstance(fn, Reward):
        _, args = _trainer_args(dataset, samples)
        last = fn.last_verdicts(**{k: v for k, v in args.items() if k != "columns"}, **args["columns"])
        if last is not None:
            return last
    return [as_verdict(s) for group in scores for s in group]


def _save_samples(path: str | Path, step: int, dataset: Dataset, samples: Samples,
                  verdicts: dict[str, list[Verdict | None]], weights: Sequence[float] | None,
                  reward_funcs: list[Any]) -> Path:
    """Write the sampled completions with every reward's verdicts (the judge's first), as `eval.rollouts` rows."""
    n, args = _trainer_args(dataset, samples)
    if weights is None or len(weights) != len(reward_funcs):  # as `_summarise` weighs them
        weights = (1.0,) * len(reward_funcs)
    weight = dict(zip([f.__name__ for f in reward_funcs], weights))
    return write_eval_samples(path, eval_rows(step=step, n=n, **args, verdicts=verdicts, weights=weight))


def _grpo_total(scores: Sequence[float | None], weights: Sequence[float], owned: float | None) -> float | None:
    """A completion's reward as GRPO sums it (weighted, None skipped, the environment's own added); None when every
    column is None: TRL 1.16 then leaves the completion out of its group's mean and std."""
    if owned is None and all(s is None for s in scores):
        return None
    return sum(w * s for w, s in zip(weights, scores) if s is not None) + (owned or 0.0)


def _owned_reward(environment: Any) -> float | None:
    """What TRL adds for a rollout whose environment owns its reward (``get_reward()``); None for any other (no such
    column) or when it returns None."""
    get_reward = getattr(environment, "get_reward", None)
    if not callable(get_reward):
        return None
    reward = get_reward()
    return None if reward is None else float(reward)


def k_rates(correct: Sequence[int], ballots: Sequence[dict[str, Any]] | None, kept: Sequence[int],
            ks: Sequence[int], boot: dict[str, Any]) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
    """pass^k for every k (from each problem's correct count among its ``kept`` judged samples; a problem with
    fewer than k is left out, as for pass@k) and, given the problems' `eval.majority.votes`, maj@k; each averaged
    over problems, with its bootstrap interval over problems."""
    per_problem = {f"pass^{k}": [pass_hat_k(m, c, k) for m, c in zip(kept, correct) if m >= k] for k in ks}
    per_problem = {name: v for name, v in per_problem.items() if v}
    if ballots is not None:
        per_problem |= {f"maj@{k}": [maj_at_k(b, k) for b in ballots] for k in ks}
    means = {name: sum(v) / len(v) for name, v in per_problem.items()}
    return means, {name: bootstrap_ci(v, **boot) for name, v in per_problem.items()}


def _cuda_devices(model: Any) -> list[int]:
    device = getattr(model, "device", None)
    return [device.index or 0] if device is not None and device.type == "cuda" else []


def _preview(prompt: Any) -> str:
    text = prompt if isinstance(prompt, str) else rewards.completion_text(prompt)
    return text[:120]


def _prompt_text(tokenizer: Any, prompt: Any) -> str:
    if isinstance(prompt, str):
        return prompt
    return tokenizer.apply_chat_template(prompt, add_generation_prompt=True, tokenize=False)


def _cut_at_eos(ids: list[int], eos: int | None) -> list[int]:
    return ids[: ids.index(eos) + 1] if eos is not None and eos in ids else ids
