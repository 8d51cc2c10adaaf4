"""Throughput of the eval harness against a plain one-prompt-at-a-time ``generate`` loop (same model and prompts).

    python bench/eval_throughput.py [--env arithmetic] [--model PATH] [--prompts 64] [--n 8] [--out bench/results]

Both sides sample n completions per prompt with the same settings and score them with the same reward; the
reference calls ``model.generate(num_return_sequences=n)`` once per prompt, the harness batches many prompts per
call (left-padded). Prints completions/second for each and the ratio; writes a dated JSON next to it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import time
from pathlib import Path

import torch

import envs
from eval.__main__ import load_model
from eval.harness import Samples, _cut_at_eos, evaluate, score


def plain_loop(model, tokenizer, prompts, n: int, temperature: float, max_new_tokens: int) -> Samples:
    """The reference: one ``generate`` call per prompt, n samples each."""
    out = Samples([], [])
    eos = tokenizer.eos_token_id
    with torch.inference_mode():
        for prompt in prompts:
            enc = tokenizer(prompt, return_tensors="pt", add_special_tokens=False).to(model.device)
            seqs = model.generate(**enc, do_sample=True, temperature=temperature, top_p=None, top_k=None,
                                  num_return_sequences=n, max_new_tokens=max_new_tokens,
                                  pad_token_id=tokenizer.pad_token_id, eos_token_id=eos)
            ids = [_cut_at_eos(row.tolist(), eos) for row in seqs[:, enc["input_ids"].shape[1] :]]
            out.texts.append(tokenizer.batch_decode(ids, skip_special_tokens=True))
            out.ids.append(ids)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env", default="arithmetic")
    p.add_argument("--model", help="Default: the env's embedded tiny policy.")
    p.add_argument("--prompts", type=int, default=64)
    p.add_argument("--n", type=int, default=8)
    p.add_argument("--max-new-tokens", type=int, default=12)
    p.add_argument("--batch-size", type=int, default=512)
    p.add_argument("--repeats", type=int, default=2, help="Timed repeats of each side; the best is kept.")
    p.add_argument("--threads", type=int, help="torch intra-op threads (default: torch's own choice).")
    p.add_argument("--out", default="bench/results")
    args = p.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)

    env = envs.make(args.env)
    if args.model is None:
        from eval.policy import build_or_load

        args.model = str(build_or_load(env))
    model, tokenizer = load_model(args.model)
    model.eval()
    dataset = env.eval.select(range(min(args.prompts, len(env.eval))))
    prompts = [p if isinstance(p, str) else tokenizer.apply_chat_template(p, add_generation_prompt=True,
                                                                         tokenize=False) for p in dataset["prompt"]]
    reward = env.reward_funcs()[0]
    total = len(prompts) * args.n

    def run_harness():
        return evaluate(model, tokenizer, env, n=args.n, ks=[1], limit=len(prompts), greedy=False,
                        max_new_tokens=args.max_new_tokens, batch_size=args.batch_size, n_bootstrap=200)

    def run_loop():
        torch.manual_seed(0)
        scores, _ = score(reward, dataset, plain_loop(model, tokenizer, prompts, args.n, 1.0, args.max_new_tokens))
        return sum(s >= 1.0 for group in scores for s in group) / total

    run_harness(), plain_loop(model, tokenizer, prompts[:2], args.n, 1.0, args.max_new_tokens)  # warm up
    timings = {"harness": [], "loop": []}
    for _ in range(args.repeats):
        started = time.perf_counter()
        harness_pass1 = run_harness().pass_at_k[1]
        timings["harness"].append(time.perf_counter() - started)
        started = time.perf_counter()
        loop_pass1 = run_loop()
        timings["loop"].append(time.perf_counter() - started)
    best = {k: min(v) for k, v in timings.items()}
    ratio = best["loop"] / best["harness"]
    device = torch.cuda.get_device_name() if torch.cuda.is_available() else f"CPU ({torch.get_num_threads()} threads)"
    result = {
        "date": dt.date.today().isoformat(), "device": device, "python": platform.python_version(),
        "torch": torch.__version__, "env": env.describe(), "model": args.model,
        "n_parameters": sum(p.numel() for p in model.parameters()), "prompts": len(prompts), "n": args.n,
        "max_new_tokens": args.max_new_tokens, "batch_size": args.batch_size, "seconds": timings,
        "completions_per_second": {k: total / v for k, v in best.items()},
        "pass@1": {"harness": harness_pass1, "loop": loop_pass1}, "speedup_vs_plain_loop": ratio,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"eval_throughput-{result['date']}-p{len(prompts)}-n{args.n}.json"
    path.write_text(json.dumps(result, indent=2, default=str))
    print(f"{result['date']} {device}: {len(prompts)} prompts x {args.n} samples, {result['n_parameters']:,} params")
    print(f"harness    {result['completions_per_second']['harness']:8.1f} completions/s  (pass@1 {harness_pass1:.3f})")
    print(f"plain loop {result['completions_per_second']['loop']:8.1f} completions/s  (pass@1 {loop_pass1:.3f})")
    print(f"speedup: {ratio:.1f}x the one-prompt-at-a-time generate loop | {path}")


if __name__ == "__main__":
    main()
