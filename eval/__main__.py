"""Command line: ``python -m eval --env ENV [--model PATH] [--n 16] [--k 1,4,16] [--out DIR]`` evaluates a model;
``python -m eval compare BEFORE.json AFTER.json`` compares two results (or one train.py results.json)."""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import sys
from pathlib import Path
from typing import Any


from rewards.errors import RlvrError


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the eval or compare command; returns the result written."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["compare"]:
        return compare_main(argv[1:])
    return eval_main(argv)


def eval_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval --env ENV ...``: evaluate, print a summary, write ``OUT/result.json``."""
    import envs

    p = argparse.ArgumentParser(prog="python -m eval", description="pass@k evaluation of a model on an env.")
    p.add_argument("--env", required=True, help=f"Env id; one of: {', '.join(envs.available())}.")
    p.add_argument("--env-kwargs", nargs="+", default=[], metavar="KEY=VALUE", help="Env options (YAML values).")
    p.add_argument("--model", help="Path or hub id of a causal LM. Default: the env's embedded tiny policy.")
    p.add_argument("--n", type=int, default=16, help="Samples per problem.")
    p.add_argument("--k", default="1,4,16", help="Comma-separated k values for pass@k (each <= n).")
    p.add_argument("--limit", type=int, help="Evaluate only the first N problems.")
    p.add_argument("--split", default="eval", choices=["eval", "train"])
    p.add_argument("--temperature", type=float, default=1.0)
    p.add_argument("--top-p", type=float, default=1.0)
    p.add_argument("--max-new-tokens", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=512, help="Sequences per generate call (prompts x n).")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--group-size", type=int, help="GRPO group size G for the zero-std report (default: n).")
    p.add_argument("--no-greedy", action="store_true", help="Skip greedy decoding.")
    p.add_argument("--backend", choices=["hf", "vllm"], default="hf", help="Generation backend.")
    p.add_argument("--out", default="outputs/eval", help="Folder for result.json and the completion cache.")
    p.add_argument("--no-cache", action="store_true", help="Do not cache completions (no resume).")
    args = p.parse_args(argv)
    ks = _check_args(p, args)
    if args.backend == "vllm":
        from eval.vllm_backend import require_vllm

        require_vllm()
    if args.model is not None:
        check_model(args.model)

    from eval.grpo_signal import grpo_signal_message
    from eval.harness import evaluate
    from eval.provenance import write_json_atomic
    from eval.result import summary_table

    env = envs.make(args.env, **envs.parse_kwargs(args.env_kwargs))
    if len(getattr(env, args.split)) == 0:
        raise RlvrError(f"Env {env.id!r} has no problems in its {args.split!r} split ({env.describe()}); raise "
                        f"n_{args.split} in --env-kwargs or evaluate the other --split.")
    sampling = dict(temperature=args.temperature, top_p=args.top_p, max_new_tokens=args.max_new_tokens)
    path = args.model or _embedded_policy(env)
    model, tokenizer, sampler = None, None, None
    if args.backend == "vllm":
        from eval.vllm_backend import vllm_sampler

        sampler = vllm_sampler(path, **sampling)
    else:
        model, tokenizer = load_model(path)
    out = Path(args.out)
    result = evaluate(model, tokenizer, env, n=args.n, ks=ks, limit=args.limit, greedy=not args.no_greedy,
                      batch_size=args.batch_size, seed=args.seed, split=args.split, group_size=args.group_size,
                      cache=None if args.no_cache else out / "cache", sampler=sampler,
                      model_name=args.model or f"embedded:{path}", **sampling)
    data = result.to_dict()
    data["provenance"]["created"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    saved = write_json_atomic(out / "result.json", data)

    print(summary_table(data))
    print(grpo_signal_message(data, result.group_size or args.n))
    print(f"generated {data['generation']['generated']} completions, {data['generation']['from_cache']} from cache "
          f"| result: {saved}")
    return data


def _check_args(p: argparse.ArgumentParser, args: argparse.Namespace) -> list[int]:
    """The k values of ``--k``; exits with a usage error for any setting out of range, before anything is loaded."""
    try:
        ks = [int(k) for k in args.k.split(",") if k.strip()]
    except ValueError:
        p.error(f"--k takes comma-separated integers, got {args.k!r}")
    if args.n < 1:
        p.error(f"--n (samples per problem) must be >= 1, got {args.n}")
    if not ks or any(not 1 <= k <= args.n for k in ks):
        p.error(f"every k must lie in 1..n; got --k {args.k!r} with --n {args.n}. Raise --n or lower --k.")
    for flag, value, low in (("--limit", args.limit, 1), ("--batch-size", args.batch_size, 1),
                             ("--max-new-tokens", args.max_new_tokens, 1), ("--group-size", args.group_size, 2)):
        if value is not None and value < low:
            p.error(f"{flag} must be >= {low}, got {value}")
    if args.temperature < 0 or not 0 < args.top_p <= 1:
        p.error(f"need --temperature >= 0 and 0 < --top-p <= 1, got {args.temperature} and {args.top_p}")
    return ks


def compare_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval compare BEFORE.json AFTER.json``: paired deltas, verdict, Markdown table and PNG plot."""
    from eval.compare import compare, comparison_markdown, load_pair, plot_pass_at_k
    from eval.provenance import write_json_atomic

    p = argparse.ArgumentParser(prog="python -m eval compare",
                                description="Paired before/after comparison of two eval results.")
    p.add_argument("results", nargs="+", help="BEFORE.json AFTER.json, or one train.py results.json.")
    p.add_argument("--out", help="Folder for compare.md, compare.json and passk.png (default: next to the last file).")
    p.add_argument("--confidence", type=float, default=0.95)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    before, after = load_pair(args.results)
    report = compare(before, after, confidence=args.confidence, seed=args.seed)
    out = Path(args.out) if args.out else Path(args.results[-1]).parent
    table = comparison_markdown(report)
    write_json_atomic(out / "compare.json", report)
    (out / "compare.md").write_text(table + "\n")
    plot = plot_pass_at_k(report, out / "passk.png")
    print(table)
    print(f"written: {out / 'compare.md'}, {out / 'compare.json'}, {plot}")
    return report


def load_model(path: str) -> tuple[Any, Any]:
    """A causal LM (on the GPU when there is one, in its saved dtype) and its left-padding tokenizer."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(path)
        model = AutoModelForCausalLM.from_pretrained(path, dtype="auto")
    except (OSError, ValueError) as e:
        raise RlvrError(f"Cannot load --model {path!r} as a causal LM: {type(e).__name__}: {e}") from e
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model.to("cuda" if torch.cuda.is_available() else "cpu"), tokenizer


def check_model(model: str, flag: str = "--model") -> None:
    """Fail fast on a model that cannot load: a missing local path, a directory without ``config.json``, or a hub
    id that is not cached while the hub is offline. Reads no weights."""
    path = Path(model).expanduser()
    fix = (f"Pass a model directory saved with save_pretrained (train.py writes OUTPUT_DIR/model) or a hub id such "
           f"as 'Qwen/Qwen2.5-0.5B-Instruct'; leave {flag} out for the embedded tiny policy.")
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise RlvrError(f"{flag} {model!r} is a directory without config.json, so it holds no model. {fix}")
        return
    if path.exists() or model.startswith((".", "/", "~")) or model.count("/") > 1 or "\\" in model:
        raise RlvrError(f"{flag} {model!r} is not a model directory (no such directory). {fix}")
    from huggingface_hub import constants, try_to_load_from_cache

    if constants.HF_HUB_OFFLINE and not isinstance(try_to_load_from_cache(model, "config.json"), str):
        raise RlvrError(f"{flag} {model!r} is neither a local directory nor in the hub cache, and the hub is offline "
                        f"(HF_HUB_OFFLINE=1). Download it where there is network, or pass a local directory.")


def _embedded_policy(env: Any) -> str:
    from eval.policy import build_or_load

    return str(build_or_load(env))


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        main()
    except RlvrError as e:
        sys.exit(f"error: {e}")
