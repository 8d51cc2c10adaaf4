"""Train a Bradley–Terry reward model with TRL's `RewardTrainer`, report its held-out pairwise accuracy, save it.

    python -m rewards.preference train --out DIR                       # default pairs from the arithmetic env
    python -m rewards.preference train --data pairs.jsonl --out DIR    # your pairs (.jsonl, .json, .parquet, hub id)
    python -m rewards.preference train --data pairs.jsonl --base MODEL --learning_rate 1e-5 --out DIR

Every `RewardConfig` field is a flag too (``--num_train_epochs``, ``--learning_rate`` ...). Without ``--base``, default
pairs start from the env's warm-started embedded policy (eval/policy.py, the model train.py trains) with a fresh
one-output score head; ``--data`` pairs (or ``--base scratch``) get a tiny Llama-shaped model built from scratch with a
tokenizer trained on the pairs. The defaults below suit these tiny models on a CPU; a pretrained ``--base`` of real
size wants a far lower learning rate (~1e-5).

``DIR`` gets the model, its tokenizer and ``metrics.json`` (held-out pairwise accuracy overall and per pair kind).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rewards.errors import RlvrError, flag_error
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog

logger = logging.getLogger(__name__)

# RewardConfig defaults for the from-scratch tiny backbone (TRL's lr 1e-4, bf16 and checkpointing suit big GPU models).
DEFAULTS = dict(
    learning_rate=1e-3, lr_scheduler_type="cosine", warmup_steps=20, num_train_epochs=2, per_device_train_batch_size=64,
    weight_decay=0.0, center_rewards_coefficient=0.01, max_length=256, logging_steps=25, save_strategy="no",
    report_to="none", gradient_checkpointing=False, activation_checkpointing=False, seed=0, disable_tqdm=False,
)
# A minimal chat template for the from-scratch tokenizer, so conversational pairs work without a pretrained base.
SCRATCH = "scratch"  # --base value: a tiny backbone built from scratch, even when an env policy is at hand
TINY_CHAT_TEMPLATE = "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}{% endfor %}"


@dataclass
class PreferenceArguments:
    """What to train on, from what, and where to save; the training knobs come from `trl.RewardConfig`."""

    out: str = field(default="outputs/reward_model", metadata={"help": "Directory for the model, tokenizer, metrics."})
    data: str | None = field(default=None, metadata={
        "help": "Pairs with chosen/rejected (and prompt) columns: .jsonl, .json, .parquet, a saved dataset directory "
                "or a hub id. Default: pairs built offline from --env."})
    data_split: str = field(default="train", metadata={"help": "Split of --data to read."})
    heldout_fraction: float = field(default=0.1, metadata={
        "help": "Share of --data prompts held out for pairwise accuracy (split by prompt)."})
    env: str = field(default="arithmetic", metadata={"help": "Env whose train split gives the default pairs."})
    env_kwargs: list[str] | None = field(default=None, metadata={
        "help": "Env options as key=value (YAML values); use the same ones as the GRPO run.", "nargs": "+"})
    pairs_per_problem: int = field(default=2, metadata={"help": "Default pairs built from each env problem."})
    heldout_problems: int = field(default=250, metadata={
        "help": "Env problems (from the end of the train split) whose pairs are held out, never trained on."})
    policy_negatives: int = field(default=0, metadata={
        "help": "Sample this many completions per env problem from the embedded policy and add a pair against each "
                "distinct one the env's checker fails (kind policy_wrong). 0: synthetic wrong answers only."})
    base: str | None = field(default=None, metadata={
        "help": "Backbone: path or hub id of a pretrained model (gets a 1-output score head), or 'scratch' for a "
                "tiny Llama-shaped model built from scratch. Default: the env's warm-started embedded policy for "
                "default pairs, 'scratch' for --data."})


def train_reward_model(args: PreferenceArguments, config: Any, backbone: Any = None) -> dict[str, Any]:
    """Train on ``args``' pairs with TRL's `RewardTrainer`, save to ``args.out``, and return the metrics saved there.

    ``backbone`` (a `TinyPolicyConfig`) sizes the from-scratch model; default, the embedded policy's size.

    Raises:
        RlvrError: unreadable or empty pairs, a missing column, or a ``--base`` that cannot be loaded.
    """
    from trl import RewardTrainer

    from rewards.preference import score_sequences

    started = time.time()
    train_pairs, heldout, source, env = _pairs(args, config.seed)
    model, tokenizer, base = _backbone(args, env, train_pairs, backbone)
    config.output_dir = str(Path(args.out) / "trainer")
    columns = [c for c in ("prompt", "chosen", "rejected") if c in train_pairs.column_names]
    trainer = RewardTrainer(model=model, args=config, train_dataset=train_pairs.select_columns(columns),
                            processing_class=tokenizer)
    logger.info("training on %d pairs, %d held out", len(train_pairs), len(heldout))
    train_started = time.time()
    trainer.train()
    train_seconds = time.time() - train_started

    model = trainer.model.eval()  # type: ignore[union-attr]  # RewardTrainer always holds the model it was given
    prompts = heldout["prompt"] if "prompt" in heldout.column_names else [None] * len(heldout)
    max_length = getattr(model.config, "max_position_embeddings", None)
    chosen = score_sequences(model, tokenizer, prompts, heldout["chosen"], max_length=max_length)
    rejected = score_sequences(model, tokenizer, prompts, heldout["rejected"], max_length=max_length)
    wins = [c > r for c, r in zip(chosen, rejected)]
    metrics: dict[str, Any] = {
        "heldout_pairwise_accuracy": sum(wins) / len(wins),
        "heldout_mean_margin": sum(c - r for c, r in zip(chosen, rejected)) / len(wins),
        "n_train_pairs": len(train_pairs), "n_heldout_pairs": len(heldout),
    }
    if "kind" in heldout.column_names:
        kinds = sorted(set(heldout["kind"]))
        metrics["heldout_accuracy_by_kind"] = {
            k: sum(w for w, kk in zip(wins, heldout["kind"]) if kk == k) / heldout["kind"].count(k) for k in kinds}
    final_loss = [h["loss"] for h in trainer.state.log_history if "loss" in h]
    metrics.update(final_train_loss=final_loss[-1] if final_loss else None, train_seconds=train_seconds,
                   wall_seconds=time.time() - started, data=source, base=base,
                   n_parameters=sum(p.numel() for p in model.parameters()), args=asdict(args),
                   reward_config={k: v for k, v in config.to_dict().items() if k in DEFAULTS or k == "output_dir"})

    out = Path(args.out)
    trainer.save_model(str(out))
    tokenizer.save_pretrained(str(out))
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=str))
    with contextlib.suppress(OSError):  # the trainer's scratch directory, left empty with save_strategy="no"
        (out / "trainer").rmdir()
    return metrics


def _pairs(args: PreferenceArguments, seed: int) -> tuple[Any, Any, Any, Any]:
    from rewards.preference.pairs import env_pairs, load_pairs, split_pairs

    if args.data is not None:
        train, heldout = split_pairs(load_pairs(args.data, args.data_split), args.heldout_fraction, seed)
        return train, heldout, args.data, None
    import envs

    env = envs.make(args.env, **envs.parse_kwargs(args.env_kwargs))
    wrong = _policy_failures(env, args.policy_negatives, seed) if args.policy_negatives else None
    train, heldout = env_pairs(env, args.pairs_per_problem, args.heldout_problems, seed, policy_wrong=wrong)
    return train, heldout, {"env": env.describe(), "pairs_per_problem": args.pairs_per_problem,
                            "heldout_problems": args.heldout_problems, "policy_negatives": args.policy_negatives}, env


def _policy_failures(env: Any, n: int, seed: int) -> list[list[Any]]:
    """Per train problem, the distinct completions of the embedded policy (n samples) that the env's checker fails."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    import rewards
    from eval.harness import generate, score
    from eval.policy import build_or_load

    path = build_or_load(env)
    model, tokenizer = AutoModelForCausalLM.from_pretrained(path).eval(), AutoTokenizer.from_pretrained(path)
    torch.manual_seed(seed)
    samples = generate(model, tokenizer, env.train["prompt"], n, max_new_tokens=16, desc="policy negatives")
    scores, _ = score(rewards.get(env.rewards[0]), env.train, samples)
    return [list(dict.fromkeys(t for t, s in zip(texts, group) if s < 1.0))
            for texts, group in zip(samples.texts, scores)]


def _backbone(args: PreferenceArguments, env: Any, pairs: Any, backbone: Any) -> tuple[Any, Any, str]:
    from eval.policy import TinyPolicyConfig, build_classifier, build_or_load, train_tokenizer

    conversational = not isinstance(pairs[0]["chosen"], str)
    if args.base not in (None, SCRATCH) or (args.base is None and env is not None):
        # Default pairs start from the env's warm-started embedded policy, as InstructGPT starts its reward model from
        # the SFT model: it already computes the answers it must judge (held-out accuracy 0.95 vs 0.81 from scratch
        # on the default pairs), and the reward model shares the policy's tokenizer.
        base = args.base or str(build_or_load(env, backbone or TinyPolicyConfig()))
        model, tokenizer = _pretrained(base)
        if conversational and tokenizer.chat_template is None:
            tokenizer.chat_template = TINY_CHAT_TEMPLATE
        return model, tokenizer, base if args.base else f"embedded policy {base}"
    texts = [_flat_text(row.get(c)) for row in pairs for c in ("prompt", "chosen", "rejected")]
    backbone = backbone or TinyPolicyConfig()
    tokenizer = train_tokenizer([t for t in texts if t], backbone.vocab_size)
    tokenizer.padding_side = "right"
    if conversational:
        tokenizer.chat_template = TINY_CHAT_TEMPLATE
    return build_classifier(tokenizer, backbone), tokenizer, "tiny, built from scratch"


def _pretrained(base: str) -> tuple[Any, Any]:
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(base)
        model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    except Exception as e:
        raise RlvrError(f"Cannot load --base {base!r} as a sequence classifier: {type(e).__name__}: {e}. Pass a "
                        "local model directory or a hub id (needs network), or leave --base out for the tiny "
                        "backbone.") from e
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    model.config.pad_token_id = tokenizer.pad_token_id
    return model, tokenizer


def _flat_text(value: Any) -> str:
    if isinstance(value, list):
        return "".join(f"<|{m.get('role', '')}|>{m.get('content', '')}" for m in value if isinstance(m, dict))
    return value or ""


def parse_args(argv: list[str] | None = None) -> tuple[PreferenceArguments, Any]:
    """Parse `PreferenceArguments` and `trl.RewardConfig` from the command line (and an optional YAML ``--config``)."""
    import torch
    from trl import RewardConfig, TrlParser

    parser = TrlParser((PreferenceArguments, RewardConfig),  # type: ignore[arg-type]  # TRL's DataClassType is too narrow
                       prog=prog("python -m rewards.preference", "train"))
    parser.set_defaults(**DEFAULTS, output_dir="outputs/reward_model/trainer", use_cpu=not torch.cuda.is_available(),
                        bf16=False)
    try:
        args, config = parser.parse_args_and_config(argv)
    except OSError as e:  # --config names a file that is not there
        raise RlvrError(f"Cannot read the --config file: {e}. Pass a YAML file of flag: value lines.") from e
    except ValueError as e:  # unknown flags, and RewardConfig's own checks
        raise flag_error(str(e), {a.dest for a in parser._actions}, parser.prog) from e
    check_args(args)
    return args, config


def check_args(args: PreferenceArguments) -> None:
    """Reject bad flags before pairs are built or a backbone is loaded."""
    if not 0 < args.heldout_fraction < 1:
        raise RlvrError(f"--heldout_fraction must be between 0 and 1 (the share of prompts held out), got "
                        f"{args.heldout_fraction}.")
    for flag, value, low in (("--pairs_per_problem", args.pairs_per_problem, 1),
                             ("--heldout_problems", args.heldout_problems, 1),
                             ("--policy_negatives", args.policy_negatives, 0)):
        if value < low:
            raise RlvrError(f"{flag} must be >= {low}, got {value}.")
    if args.base not in (None, SCRATCH):
        from eval.policy import check_model

        check_model(args.base, flag="--base")


def command_parser() -> argparse.ArgumentParser:
    """The command line above a command: ``python -m rewards.preference --help`` lists the commands."""
    p = argparse.ArgumentParser(prog=prog("python -m rewards.preference"), description="Bradley–Terry reward models "
                                "for the `bt_rm` reward (docs/learned-rewards.md).")
    p.add_argument("command", choices=["train"], help="train: build preference pairs (or read --data), train a "
                   "reward model with TRL's RewardTrainer, report its held-out pairwise accuracy and save it to --out "
                   f"(`{prog('python -m rewards.preference', 'train')} --help` lists its flags).")
    return p


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """``python -m rewards.preference train ...``: train, print the held-out accuracy, save."""
    argv = sys.argv[1:] if argv is None else argv
    command_parser().parse_args(argv[:1])  # --help, a missing or an unknown command: argparse's usage and exit
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        args, config = parse_args(argv[1:])
        metrics = train_reward_model(args, config)
    except RlvrError as e:
        sys.exit(f"error: {e}")
    print(f"held-out pairwise accuracy {metrics['heldout_pairwise_accuracy']:.3f} "
          f"({metrics['n_heldout_pairs']} pairs)" + "".join(
              f" | {k} {v:.3f}" for k, v in metrics.get("heldout_accuracy_by_kind", {}).items()))
    print(f"saved {args.out} (model, tokenizer, metrics.json) | train {metrics['train_seconds']:.0f}s")
    return metrics


def cli() -> None:
    """`python -m rewards.preference`, installed as the `rlvr-preference` command."""
    ignore_understood_warnings()
    main()


if __name__ == "__main__":
    cli()
