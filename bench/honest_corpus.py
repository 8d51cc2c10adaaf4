"""How many correct solutions ``code_tests`` accepts: the honest corpus (tests/rewards/code/honest/), per style.

Every case there passes in plain Python (``--plain`` checks that again here); a case that does not score 1.0 is a
false negative. Prints the pass rate per style and each failing id with its verdict, and writes JSON. With
``--mbpp FILE`` (the original ``mbpp.jsonl``, or ``.jsonl.gz``) it also scores MBPP's reference solutions, those that
pass in plain Python.

    python bench/honest_corpus.py [--strict] [--plain] [--mbpp FILE] [--out runs/honest.json]

``--strict`` is the strict profile, ``CodeTests(private_clock=True)`` (fails where the host cannot give each job a
clock of its own); without it, the defaults (the real clock).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import platform
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

from rewards.code import CodeTests

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "rewards" / "code" / "honest"


def load_corpus() -> ModuleType:
    """The ``honest`` package of the test suite, imported from its folder (it is not an installed package)."""
    spec = importlib.util.spec_from_file_location("honest", CORPUS / "__init__.py",
                                                  submodule_search_locations=[str(CORPUS)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["honest"] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    clock = parser.add_mutually_exclusive_group()
    clock.add_argument("--strict", action="store_true", help="the strict profile: CodeTests(private_clock=True)")
    parser.add_argument("--plain", action="store_true", help="also run every case in plain Python first")
    parser.add_argument("--mbpp", help="MBPP's mbpp.jsonl (or .jsonl.gz): also score its reference solutions")
    parser.add_argument("--out", default="runs/honest_corpus.json", help="where to write the JSON results")
    args = parser.parse_args()

    honest = load_corpus()
    from honest.mbpp_reference import load_mbpp, mbpp_cases
    from honest.reference import run_plain

    cases = honest.all_cases()
    if args.mbpp:
        cases += mbpp_cases(load_mbpp(args.mbpp))
    plain_failures: dict[str, str] = {}
    if args.plain or args.mbpp:
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=4) as pool:
            problems = list(pool.map(run_plain, cases))
        plain_failures = {c.id: p for c, p in zip(cases, problems) if p is not None}
        print(f"plain Python: {len(cases) - len(plain_failures)}/{len(cases)} pass "
              f"({time.perf_counter() - started:.1f} s)")
        for case_id, problem in plain_failures.items():
            if not case_id.startswith("mbpp-reference/"):
                print(f"  NOT HONEST {case_id}: {problem[:200]}")
        cases = [c for c in cases if c.id not in plain_failures]

    private_clock = bool(args.strict)
    reward = CodeTests(private_clock=private_clock)
    names = sorted({k for c in cases for k in c.row})
    started = time.perf_counter()
    verdicts = reward.judge([c.completion for c in cases], **{k: [c.row.get(k) for c in cases] for k in names})
    seconds = time.perf_counter() - started

    per_style: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failing: dict[str, dict[str, Any]] = {}
    for case, verdict in zip(cases, verdicts, strict=True):
        per_style[case.style][1] += 1
        if verdict is not None and verdict.score == 1.0:
            per_style[case.style][0] += 1
        else:
            failing[case.id] = ({"status": "unscored", "score": None, "detail": "None (row unusable)"}
                                if verdict is None else
                                {"status": verdict.status.value, "score": verdict.score, "detail": verdict.detail})
    print(f"code_tests(private_clock={private_clock}): {len(cases)} completions judged in {seconds:.1f} s")
    for style, (passed, total) in per_style.items():
        print(f"  {style:15s} {passed:4d}/{total:<4d} {passed / total:6.1%}")
    for case_id, f in failing.items():
        print(f"FAIL {case_id}: {f['status']} {f['detail']}")

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "date": datetime.date.today().isoformat(), "python": platform.python_version(),
        "private_clock": private_clock, "seconds": round(seconds, 2),
        "per_style": {s: {"passed": p, "total": t} for s, (p, t) in per_style.items()},
        "failing": failing, "not_passing_plain_python": plain_failures,
    }, indent=1))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
