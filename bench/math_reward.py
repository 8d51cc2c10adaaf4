"""Time ``math_exact`` against ``trl.rewards.accuracy_reward`` and plain math-verify parse+verify, in one run.

    python bench/math_reward.py                 # 640 golds x 16 completions = 10,240, batches of 512 (TRL's shape)
    python bench/math_reward.py --golds 64      # a quick look

Prints seconds and ratios, then every verdict-disagreement category with a count, an example and which side is
right; writes the figures to ``bench/results/math_reward.json``. Each reward sees the same conversational
completions; TRL and plain math-verify get the gold as ``$gold$`` (their parser needs delimiters), math_exact the bare
gold in ``answer``. ``math_exact`` is timed cold (its worker processes start inside the timing) and warm (a
second pass: workers running, golds cached in them, no verdict cached across calls).
"""

from __future__ import annotations

import argparse
import datetime
import json
import logging
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.math_corpus import KINDS, Row, arithmetic_batch, build, pathological  # noqa: E402
from rewards.deadline_pool import close_shared_pools  # noqa: E402
from rewards.math import MathExact  # noqa: E402

BATCH = 512

# Why one side is right, per completion kind (the corpus knows the right verdict of every kind).
NOTES = {
    "hedge_or": ("math_exact is right: 'X or Y' in plain text commits to no answer; math-verify reads one of the "
                 "two values (it only turns 'or' into a set between $...$ spans)."),
    "hedge_two_boxed": ("math_exact is right by the issue's rule: two different boxed values are a hedge; "
                        "math-verify scores the last one, so flip-flopping pays whenever the gold comes last."),
    "hedge_list": "math_exact is right: a list answering a single-valued question hedges.",
    "truncated_box": "math_exact is right: an unclosed \\boxed{ was cut off before the answer was committed.",
    "think": "math_exact is right: the answer is what follows </think>, not a guess inside the reasoning.",
    "answer_tag": "math_exact is right: <answer> tags hold the committed answer (TRL reads only boxed answers).",
    "answer_is": "math_exact is right: 'The answer is $X$.' states the answer.",
    "minerva": "math_exact is right: 'The final answer is $X$' states the answer.",
    "gsm8k": "math_exact is right: '#### X' is GSM8K's answer line.",
    "bare_last_line": "math_exact is right: the last line is the bare answer.",
    "boxed_variant": "math_exact is right: the boxed value is an equivalent form of the gold.",
    "boxed": "math_exact is right: the boxed value is the gold.",
    "long_reasoning": "math_exact is right: the boxed value after long reasoning is the gold.",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--golds", type=int, default=640, help="golds in the corpus (16 completions each)")
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "math_reward.json"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    for name in ("math_verify", "math_verify.parser", "math_verify.grader", "rewards"):
        logging.getLogger(name).setLevel(logging.CRITICAL)

    rows = build(args.golds)
    batches = [rows[i:i + BATCH] for i in range(0, len(rows), BATCH)]
    print(f"corpus: {len(rows)} completions, {args.golds} golds, {len(KINDS)} kinds; batches of {BATCH}; "
          f"{os.cpu_count()} CPUs", flush=True)

    arithmetic = _arithmetic_step()  # first, so no worker process exists yet
    print(f"train.py default step (512 arithmetic completions): math_exact {arithmetic['math_exact_s']:.3f}s first "
          f"call, {arithmetic['math_exact_warm_s']:.3f}s per later call; math-verify per completion (math_exact v1) "
          f"{arithmetic['math_verify_s']:.3f}s; same scores: {arithmetic['same_scores']}", flush=True)

    results: dict[str, dict] = {}
    close_shared_pools()
    cold = MathExact(prestart=False)  # cold: worker start-up counts
    results["math_exact (cold)"] = _time("math_exact cold", batches, lambda b: _math_exact(cold, b))
    results["math_exact (warm)"] = _time("math_exact warm", batches, lambda b: _math_exact(cold, b))
    results["trl accuracy_reward"] = _time("trl accuracy_reward", batches, _trl)
    results["math-verify parse+verify"] = _time("math-verify", batches, _math_verify)

    reference = results["trl accuracy_reward"]["seconds"]
    print(f"\n{'reward':28} {'seconds':>8} {'vs trl':>8} {'accuracy vs corpus':>20}")
    for name, r in results.items():
        r["speedup_vs_trl"] = reference / r["seconds"]
        r["agreement_with_corpus"] = sum(s == row.expected for s, row in zip(r["scores"], rows)) / len(rows)
        print(f"{name:28} {r['seconds']:8.2f} {r['speedup_vs_trl']:7.1f}x {r['agreement_with_corpus']:19.1%}")

    print("\npathological inputs (gold 5, math_exact with its default 0.5 s deadline, workers warm):")
    bombs = {}
    for name, text in pathological().items():
        started = time.perf_counter()
        (verdict,) = cold.verdicts([text], answer=["5"])
        bombs[name] = {"seconds": time.perf_counter() - started, "score": verdict.score, "status": verdict.status.value,
                       "detail": verdict.detail}
        print(f"  {name:28} {bombs[name]['seconds']:6.3f}s  score {verdict.score}  {verdict.status.value}: "
              f"{verdict.detail}")

    disagreements = {
        other: _disagreements(rows, results["math_exact (warm)"]["scores"], results[other]["scores"])
        for other in ("trl accuracy_reward", "math-verify parse+verify")
    }
    for other, cats in disagreements.items():
        print(f"\nmath_exact vs {other}: {sum(c['count'] for c in cats)} disagreements")
        for c in cats:
            print(f"  {c['count']:5}  {c['kind']:16} math_exact={c['math_exact']} {other.split()[0]}={c['other']}: "
                  f"{c['note']}\n         e.g. gold {c['gold']!r}: {c['example']!r}")

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = {
        "date": datetime.date.today().isoformat(), "cpus": os.cpu_count(), "completions": len(rows),
        "golds": args.golds, "batch": BATCH,
        "rewards": {k: {x: v for x, v in r.items() if x != "scores"} for k, r in results.items()},
        "disagreements": disagreements, "arithmetic_step": arithmetic, "pathological": bombs,
    }
    out.write_text(json.dumps(summary, indent=2))
    print(f"\nwrote {out}")


def _arithmetic_step() -> dict:
    from math_verify import parse, verify

    completions, golds = arithmetic_batch()
    reward = MathExact(prestart=False)  # the worst case: workers start inside the first call
    started = time.perf_counter()
    ours = reward(completions=completions, answer=golds)
    first = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(5):
        reward(completions=completions, answer=golds)
    warm = (time.perf_counter() - started) / 5
    started = time.perf_counter()
    theirs = [float(verify(parse(g), parse(c))) for c, g in zip(completions, golds)]
    baseline = time.perf_counter() - started
    return {"math_exact_s": first, "math_exact_warm_s": warm, "math_verify_s": baseline,
            "same_scores": ours == theirs, "correct": sum(ours)}


def _time(label: str, batches: list[list[Row]], fn) -> dict:
    scores: list = []
    started = time.perf_counter()
    for batch in tqdm(batches, desc=label, leave=False):
        scores += fn(batch)
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "per_completion_ms": 1000 * seconds / len(scores),
            "scores": [bool(s) if s is not None else None for s in scores]}


def _conversational(batch: list[Row]) -> list:
    return [[{"role": "assistant", "content": row.completion}] for row in batch]


def _math_exact(reward: MathExact, batch: list[Row]) -> list:
    return reward(completions=_conversational(batch), answer=[row.gold for row in batch])


def _trl(batch: list[Row]) -> list:
    from trl.rewards import accuracy_reward

    return accuracy_reward(_conversational(batch), solution=[f"${row.gold}$" for row in batch])


def _math_verify(batch: list[Row]) -> list:
    from math_verify import parse, verify

    scores = []
    for row in batch:
        gold = parse(f"${row.gold}$")
        scores.append(float(verify(gold, parse(row.completion))) if gold else None)
    return scores


def _disagreements(rows: list[Row], ours: list, theirs: list) -> list[dict]:
    groups: dict[tuple, list[Row]] = defaultdict(list)
    for row, a, b in zip(rows, ours, theirs):
        if a != b:
            groups[(row.kind, a, b)].append(row)
    out = []
    for (kind, a, b), members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        right_is_ours = a == KINDS[kind]
        note = NOTES.get(kind, "") if right_is_ours else (
            f"the other side is right: a correct reward scores this kind {int(KINDS[kind])}; "
            f"math_exact misses it (see the example).")
        kinds_of_gold = Counter(_gold_kind(r.gold) for r in members).most_common(3)
        out.append({"kind": kind, "math_exact": a, "other": b, "count": len(members), "math_exact_right": right_is_ours,
                    "note": note or "math_exact is right (corpus label).", "gold": members[0].gold,
                    "example": members[0].completion[-120:], "gold_kinds": kinds_of_gold})
    return out


def _gold_kind(gold: str) -> str:
    for marker, name in (("pmatrix", "matrix"), ("\\%", "percent"), ("circ", "degrees"), ("text", "choice"),
                         ("sqrt", "root"), ("\\pi", "pi"), ("frac", "fraction"), ("x^2", "polynomial"),
                         ("x =", "equation"), ("]", "interval"), (",", "tuple")):
        if marker in gold:
            return name
    return "integer"


if __name__ == "__main__":
    main()
