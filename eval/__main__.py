"""Command line: ``python -m eval --env ENV [--model PATH] [--n 16] [--k 1,4,16] [--out DIR]`` evaluates a model;
``python -m eval filter --env ENV --keep "(0,1)"`` keeps the training problems a model sometimes solves
(`eval.pass_rates`); ``python -m eval compare BEFORE.json AFTER.json`` compares two results (or one train.py
results.json); ``python -m eval rescore RUN [--reward SPEC]`` re-judges a run's saved rollouts and eval samples
(`eval.rescore`)."""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eval.passk import check_ks, is_rate
from rewards.errors import OptionError, RlvrError
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the eval, filter, compare or rescore command; returns the result written."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in COMMANDS:
        return COMMANDS[argv[0]][1](argv[1:])
    return eval_main(argv)


def eval_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval --env ENV ...``: evaluate, print a summary, write ``OUT/result.json``."""
    from eval.grpo_signal import grpo_signal_message
    from eval.provenance import write_json_atomic
    from eval.result import summary_table
    from eval.rollouts import EVAL_FOLDER
    from eval.settings import clipped_warning

    p = _sampling_parser(prog("python -m eval"), "pass@k evaluation of a model on an env.", n=16, out="outputs/eval")
    p.epilog = "other commands (each with its own --help):\n" + "\n".join(
        f"  {prog('python -m eval', name):<23} {about}" for name, (about, _) in COMMANDS.items())
    p.formatter_class = argparse.RawDescriptionHelpFormatter  # keeps the epilog's lines; flags' help still wraps
    p.add_argument("--k", default="1,4,16", help="Comma-separated k values for pass@k, pass^k and maj@k "
                   "(each <= n).")
    p.add_argument("--split", default="eval", choices=["eval", "train"])
    p.add_argument("--group-size", type=int, help="GRPO group size G for the zero-std report (default: n).")
    p.add_argument("--no-greedy", action="store_true", help="Skip greedy decoding.")
    p.add_argument("--without-tools", action="store_true", help="For a tool env, also evaluate the same problems "
                   "with the tools withheld (same model and seeds), under 'without_tools' in the result.")
    args = p.parse_args(argv)
    ks = _check_args(p, args)
    if args.without_tools and args.backend != "hf":
        p.error("--without-tools runs the tool loop, which needs --backend hf")
    data, _ = _evaluate(args, ks, split=args.split, greedy=not args.no_greedy, group_size=args.group_size,
                        without_tools=args.without_tools, samples_to=Path(args.out) / EVAL_FOLDER / "eval.parquet")
    saved = write_json_atomic(Path(args.out) / "result.json", data)

    print(summary_table(data))
    print(f"settings: max new tokens {data['max_new_tokens']}, temperature {args.temperature}, "
          f"backend {data['provenance']['sampling']['backend']}")
    if (warning := clipped_warning(data)) is not None:  # logged too, as it happened; repeated under the summary
        print(f"warning: {warning}")
    if "tools" in data:
        print("tools: " + ", ".join(f"{k} {v:.3g}" for k, v in data["tools"].items()))
    if "without_tools" in data:
        withheld = data["without_tools"]
        print("tools withheld: " + ", ".join(f"{k} {v:.3f}" for k, v in withheld.items()
                                            if (is_rate(k) or k == "greedy_accuracy") and v is not None))
    print(grpo_signal_message(data, data["grpo_signal"]["group_size"] or args.n))
    print(f"generated {data['generation']['generated']} completions, {data['generation']['from_cache']} from cache "
          f"| result: {saved}")
    return data


def filter_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval filter --env ENV ...``: pass rates of the train problems; write the kept ones
    (`eval.pass_rates`)."""
    from eval.pass_rates import FILTER_FILE, KEPT_FILE, parse_range, write_filter

    p = _sampling_parser(prog("python -m eval", "filter"), "Keep the training problems whose pass rate lies in a "
                         "range, for `train.py --train_filter OUT/filter.json`.", n=8, out="outputs/filter")
    p.add_argument("--keep", default="(0,1)", help="Pass-rate interval to keep: (0,1) drops all-wrong and all-right "
                   "problems; [0.1,0.9] includes its ends.")
    args = p.parse_args(argv)
    args.group_size = None
    _check_args(p, args, ks="1")
    try:
        keep = parse_range(args.keep)
    except OptionError as e:
        p.error(str(e))
    data, env = _evaluate(args, [1], split="train", greedy=False)
    record = write_filter(data, env.train, keep, args.out)
    c = record["counts"]
    out = Path(args.out)
    print(f"kept {c['kept']} of {c['problems']} training problems with pass rate in {keep} ({c['all_wrong']} "
          f"all wrong, {c['all_right']} all right at n={args.n}) | {out / FILTER_FILE}, {out / KEPT_FILE}")
    return record


def _sampling_parser(prog: str, description: str, *, n: int, out: str) -> argparse.ArgumentParser:
    """The flags every sampling command shares: env, model, samples, sampling, backend, output folder. Each
    hyphenated flag also takes train.py's underscore spelling (``--env_kwargs``)."""
    import envs

    p = argparse.ArgumentParser(prog=prog, description=description)
    flag = functools.partial(_flag, p)
    flag("--env", help=f"Env id; one of: {', '.join(envs.available())}. Required unless --from-run names a run.")
    flag("--env-kwargs", nargs="+", default=None, metavar="KEY=VALUE", help="Env options (YAML values).")
    flag("--model", help="Path or hub id of a causal LM. Default: the env's embedded tiny policy.")
    flag("--from-run", metavar="RUN", help="A train.py run folder (or its results.json): evaluate its env "
         "(and --env-kwargs) with the settings it trained with (max_completion_length, max_tool_calling_iterations, "
         "temperature, top_p) unless a flag sets them.")
    flag("--n", type=int, default=n, help="Samples per problem.")
    flag("--limit", type=int, help="Only the first N problems.")
    flag("--temperature", type=float, help="Sampling temperature (default: --from-run's, else 1.0).")
    flag("--top-p", type=float, help="Nucleus sampling (default: --from-run's, else 1.0).")
    flag("--max-new-tokens", type=int, help="Token budget of a completion (a tool env: of the whole rollout). "
         "Default: --from-run's, else the env's max_completion_length training default (products_calculator: 128), "
         "else 64.")
    flag("--batch-size", type=int, default=512, help="Sequences per generate call (prompts x n).")
    flag("--seed", type=int, default=0)
    flag("--backend", choices=["hf", "vllm"], default="hf", help="Generation backend.")
    flag("--max-tool-turns", type=int, help="Tool env: tool turns after the first generation (TRL's "
         "max_tool_calling_iterations). Default: --from-run's, else the env's training default, else 4.")
    flag("--out", default=out, help="Folder for the results and the completion cache.")
    flag("--no-cache", action="store_true", help="Do not cache completions (no resume).")
    return p


def _flag(p: argparse.ArgumentParser, name: str, **kwargs: Any) -> None:
    """``name`` and, when it has a hyphen, its underscore spelling, as train.py's flags are spelled."""
    spellings = [name] + ([f"--{name[2:].replace('-', '_')}"] if "-" in name[2:] else [])
    p.add_argument(*spellings, **kwargs)


def _apply_run(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Fill the settings no flag gave from ``--from-run``; then the env must be known."""
    from eval.settings import run_settings

    if args.from_run:
        try:
            run = run_settings(args.from_run)
        except RlvrError as e:
            p.error(str(e))
        if args.env is None:
            args.env, args.env_kwargs = run.get("env"), args.env_kwargs or run["env_kwargs"]
        for name in ("max_new_tokens", "max_tool_turns", "temperature", "top_p"):
            if getattr(args, name) is None and run.get(name) is not None:
                setattr(args, name, run[name])
    if args.env is None:
        p.error("--env is required (or --from-run RUN, to evaluate a train.py run's env)")
    args.env_kwargs = args.env_kwargs or []
    args.temperature = 1.0 if args.temperature is None else args.temperature
    args.top_p = 1.0 if args.top_p is None else args.top_p


def _evaluate(args: argparse.Namespace, ks: list[int], *, split: str, greedy: bool, group_size: int | None = None,
              without_tools: bool = False, samples_to: Path | None = None) -> tuple[dict[str, Any], Any]:
    """Make the env, load the model (or the embedded policy) and evaluate ``split``; the result's JSON form and the env.

    With ``without_tools`` (a tool env only) the same problems are evaluated again with the tools withheld, under
    ``without_tools``; ``samples_to`` saves the sampled completions with their verdicts (`eval.rollouts`).
    """
    import envs
    from envs.tools import tool_names

    if args.backend == "vllm":
        from eval.vllm_backend import require_vllm

        require_vllm()
    if args.model is not None:
        from eval.policy import check_model

        check_model(args.model)
    from eval.harness import evaluate, scored_by_environment
    from eval.mixture import evaluate_by_task

    env = envs.make(args.env, **envs.parse_kwargs(args.env_kwargs))
    env.require(split, f"raise n_{split} in --env-kwargs"
                + (" or evaluate the other --split" if split == "eval" else ""))
    if isinstance(env.environment_factory, dict):  # a mixture with tool envs: its rows need their own tools each
        tools = [name for name, factory in env.environment_factory.items() if tool_names(factory)]
        raise OptionError(f"python -m eval takes one tool env at a time, and {args.env!r} mixes tool envs {tools}: "
                          f"evaluate each by its id (--env {tools[0]}); train.py reports a mixture per task")
    if without_tools and env.environment_factory is None:
        raise OptionError(f"--without-tools compares a tool env with its tools withheld; env {args.env!r} has no tools")
    if without_tools and scored_by_environment(env):
        raise OptionError(f"--without-tools has nothing to compare on env {args.env!r}: its environment scores each "
                          "episode, and without the tools there is no episode")
    from eval.settings import FROM_ENV, resolve

    max_new_tokens, max_tool_turns = resolve(env, args.max_new_tokens,
                                             FROM_ENV if args.max_tool_turns is None else args.max_tool_turns)
    sampling = dict(temperature=args.temperature, top_p=args.top_p, max_new_tokens=max_new_tokens)
    path = args.model or _embedded_policy(env)
    model, tokenizer, sampler = None, None, None
    if args.backend == "vllm":
        from eval.vllm_backend import vllm_sampler

        sampler = vllm_sampler(path, **sampling)
    else:
        model, tokenizer = load_model(path)
    eval_args = dict(n=args.n, ks=ks, limit=args.limit, greedy=greedy, batch_size=args.batch_size, seed=args.seed,
                     split=split, group_size=group_size, cache=None if args.no_cache else Path(args.out) / "cache",
                     sampler=sampler, model_name=args.model or f"embedded:{path}", **sampling)
    if env.environment_factory is None:  # a plain env, or a plain mixture judged as one env
        data = evaluate(model, tokenizer, env, samples_to=samples_to, **eval_args).to_dict()
    else:  # a tool env: through the tool loop (and with the tools withheld) unless a backend sampler is given
        data = evaluate_by_task(model, tokenizer, env, without_tools=without_tools, max_tool_turns=max_tool_turns,
                                samples_to=samples_to, **eval_args)
    data["provenance"]["created"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    return data, env


def _check_args(p: argparse.ArgumentParser, args: argparse.Namespace, ks: str | None = None) -> list[int]:
    """The k values of ``--k`` (or ``ks``); exits with a usage error for any setting out of range, before anything
    is loaded."""
    _apply_run(p, args)
    text = args.k if ks is None else ks
    try:
        values = [int(k) for k in text.split(",") if k.strip()]
    except ValueError:
        p.error(f"--k takes comma-separated integers, got {text!r}")
    if args.n < 1:
        p.error(f"--n (samples per problem) must be >= 1, got {args.n}")
    try:
        check_ks(values, args.n, "--k", "--n")
    except OptionError as e:
        p.error(str(e))
    for flag, value, low in (("--limit", args.limit, 1), ("--batch-size", args.batch_size, 1),
                             ("--max-new-tokens", args.max_new_tokens, 1), ("--group-size", args.group_size, 2),
                             ("--max-tool-turns", args.max_tool_turns, 0)):
        if value is not None and value < low:
            p.error(f"{flag} must be >= {low}, got {value}")
    if args.temperature < 0 or not 0 < args.top_p <= 1:
        p.error(f"need --temperature >= 0 and 0 < --top-p <= 1, got {args.temperature} and {args.top_p}")
    return values


def compare_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval compare BEFORE.json AFTER.json``: paired deltas, verdict, Markdown table and PNG plot."""
    from eval.compare import compare, comparison_markdown, load_pair, plot_pass_at_k
    from eval.report import audit_line

    p = argparse.ArgumentParser(prog=prog("python -m eval", "compare"),
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
    if len(args.results) == 1 and (audit := json.loads(Path(args.results[0]).read_text()).get("verifier_audit")):
        report["verifier_audit"] = audit  # a train.py run's --verifier_audit: how far its verifier can be trusted
        table += "\n" + audit_line(audit)
    return _write_report(out, "compare", report, table, plot_pass_at_k, plot_file="passk.png")


def rescore_main(argv: list[str]) -> dict[str, Any]:
    """``python -m eval rescore RUN [--reward SPEC]``: re-judge a train.py run's saved rollouts and eval samples,
    print the verdicts that flip, write ``rescore.md``, ``rescore.json`` and ``rescore.png``."""
    import rewards
    from eval.rescore import plot_flips, rescore, rescore_markdown
    from eval.rollouts import saved_reward_names

    p = argparse.ArgumentParser(prog=prog("python -m eval", "rescore"), description="Re-judge a run's saved "
                                "rollouts and eval samples (train.py --save_rollouts) with today's reward or another, "
                                "and report the flips.")
    p.add_argument("run", help="A train.py --output_dir (or its rollouts/ folder), or an evaluation's --out folder.")
    p.add_argument("--reward", help="Reward spec to re-judge with (an id, module:function or composed spec). "
                   "Default: today's version of the run's first saved reward.")
    p.add_argument("--against", help="The saved reward to compare with (default: the one of --reward's name, "
                   "else the run's first).")
    p.add_argument("--out", help="Folder for rescore.md, rescore.json and rescore.png (default: RUN/rescore).")
    args = p.parse_args(argv)
    spec = args.reward or args.against or saved_reward_names(args.run)[0]
    reward = rewards.get(spec)
    report = rescore(args.run, reward, against=args.against)
    run = Path(args.run)
    out = Path(args.out) if args.out else (run.parent if run.name == "rollouts" else run) / "rescore"
    table = rescore_markdown(report)
    return _write_report(out, "rescore", report, table, plot_flips)


def _write_report(out: Path, name: str, report: dict[str, Any], table: str,
                  plot: Callable[[dict[str, Any], Path], Path], plot_file: str | None = None) -> dict[str, Any]:
    """Write a command's report as ``OUT/<name>.json`` (atomically), ``<name>.md`` (the table) and its PNG plot,
    print the table and the paths; returns ``report``."""
    from eval.provenance import write_json_atomic

    write_json_atomic(out / f"{name}.json", report)
    (out / f"{name}.md").write_text(table + "\n")
    png = plot(report, out / (plot_file or f"{name}.png"))
    print(table)
    print(f"written: {out / f'{name}.md'}, {out / f'{name}.json'}, {png}")
    return report


def load_model(path: str) -> tuple[Any, Any]:
    """A causal LM (on the GPU when there is one, in its saved dtype) and its tokenizer."""
    import torch

    from eval.policy import load_causal_lm

    model, tokenizer = load_causal_lm(path, dtype="auto")
    return model.to("cuda" if torch.cuda.is_available() else "cpu"), tokenizer


def _embedded_policy(env: Any) -> str:
    from eval.policy import build_or_load

    return str(build_or_load(env))


# The commands besides plain evaluation: what `python -m eval --help` lists, and what `main` dispatches on.
COMMANDS: dict[str, tuple[str, Callable[[list[str]], dict[str, Any]]]] = {
    "compare": ("before vs after, paired by problem, with a verdict", compare_main),
    "filter": ("keep the train problems a model sometimes solves (--train_filter)", filter_main),
    "rescore": ("re-judge a run's saved rollouts and eval samples with today's or another reward; report the flips",
                rescore_main),
}


def cli() -> None:
    """`python -m eval`, installed as the `rlvr-eval` command."""
    ignore_understood_warnings()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        main()
    except RlvrError as e:
        sys.exit(f"error: {e}")


if __name__ == "__main__":
    cli()
