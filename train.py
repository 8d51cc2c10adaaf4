"""Train a policy with GRPO on a verifiable reward, and report held-out pass rates before and after.

    python train.py --reward math_exact                      # env `arithmetic`, embedded tiny model, offline
    python train.py --env arithmetic --model Qwen/Qwen2.5-0.5B-Instruct --learning_rate 1e-6 --lora
    python train.py --env arithmetic:0.7,countdown:0.3 --max_completion_length 20   # mixed tasks, per-task results
    python train.py --env products_calculator,arithmetic --env_kwargs arithmetic.chat=true   # a tool env mixed in
    python train.py --reward "bt_rm(model=DIR)"              # a learned reward; the env's checkers logged beside it

Every `GRPOConfig` field is a flag (``--learning_rate``, ``--num_generations`` ...) or a key of a YAML ``--config``;
flags override the YAML, which overrides the env's own ``train_defaults`` (tool envs: longer completions, tool
iterations, fewer rollouts a step), which override the defaults below (tuned for the embedded tiny model on a CPU).
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import time
from collections.abc import Collection
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import torch
import yaml
from trl import GRPOConfig, TrlParser

import envs
import rewards
import rewards.audit
from envs.games.check import audit_or_raise as audit_game_or_raise
from envs.games.check import is_game
from envs.grpo_defaults import TrainDefaultsConflictError
from envs.tools.python import placed
from eval import report
from eval.passk import check_ks
from eval.policy import build_or_load, check_model, load_causal_lm
from rewards.compose import weights_of, withheld
from rewards.errors import flag_error
from rewards.upstream import ignore_understood_warnings
from rlvr_kit import prog
from training.difficulty import check_options
from training.no_signal import check_options as check_no_signal
from training.preflight import check_reward_specs
from training.run import prepare_run
from training.shutdown import Interrupted, stop_on_signals

logger = logging.getLogger("train")

# GRPOConfig defaults for the embedded model (measured: docs/training.md, bench/RESULTS.md): TRL's own lr 1e-6 and
# bf16 suit 1B+ models on GPUs; a 1M-parameter model on a CPU needs lr 1e-4 with warmup and 64 prompts x 8
# completions a step.
DEFAULTS = dict(
    output_dir="outputs/run", learning_rate=1e-4, lr_scheduler_type="constant_with_warmup", warmup_steps=10,
    max_steps=150, num_generations=8, per_device_train_batch_size=512, max_completion_length=12, temperature=1.0,
    beta=0.0, logging_steps=5, save_strategy="no", report_to="none", activation_checkpointing=False,
    gradient_checkpointing=False, seed=0,
)


@dataclass
class ScriptArguments:
    """rlvr-kit's own flags (the GRPO ones come from `trl.GRPOConfig`), checked when parsed, before any data or
    model is built."""

    env: str = field(default="arithmetic", metadata={
        "help": "Env id (`python -m envs list`), or a mixture with weights: arithmetic:0.7,countdown:0.3."})
    env_kwargs: list[str] | None = field(default=None, metadata={
        "help": "Env options as key=value (YAML values), e.g. digits=3 operators=+-.", "nargs": "+"})
    reward: list[str] | None = field(default=None, metadata={
        "help": "Reward spec: an id, module:function or composed spec, with parameters, e.g. 'bt_rm(model=DIR)'; "
                "repeatable. Default: the env's rewards (`python -m rewards list`).", "action": "extend", "nargs": "+"})
    reward_placement: str = field(default="local", metadata={
        "help": "Where rewards are judged: local (in each training process) or ray (by per-node actors on the Ray "
                "cluster that RAY_ADDRESS names; docs/distributed.md).", "choices": ["local", "ray"]})
    model: str | None = field(default=None, metadata={
        "help": "Path or hub id of a causal LM. Default: the embedded tiny model, built and cached offline."})
    lora: bool = field(default=False, metadata={"help": "Train LoRA adapters (PEFT) instead of all weights."})
    lora_r: int = field(default=16, metadata={"help": "LoRA rank."})
    eval_n: int = field(default=8, metadata={"help": "Sampled completions per held-out problem."})
    eval_k: list[int] = field(default_factory=lambda: [1, 8], metadata={"help": "k values for pass@k.", "nargs": "+"})
    eval_limit: int | None = field(default=None, metadata={"help": "Evaluate only the first N held-out problems."})
    eval_without_tools: bool = field(default=True, metadata={
        "help": "For a tool env, also evaluate the same held-out problems with the tools withheld (same model, "
                "seeds and rewards), before and after, so the report shows what the tool adds."})
    eval_every: int = field(default=0, metadata={
        "help": "Every N optimizer steps, evaluate the first --eval_every_limit held-out problems (--eval_every_n "
                "samples each, the run's eval settings and seed) and log heldout/pass@1, heldout/pass@N, "
                "heldout/greedy_accuracy and heldout/clipped_rate with that step's train metrics (training/heldout.py);"
                " 0 (the default) turns it off."})
    eval_every_limit: int = field(default=64, metadata={
        "help": "Held-out problems (the eval split's first N) evaluated every --eval_every steps."})
    eval_every_n: int = field(default=4, metadata={
        "help": "Samples per problem for --eval_every (pass@1 and pass@N are logged)."})
    audit: bool = field(default=False, metadata={
        "help": "Before training, run the reward-hacking audit (`python -m rewards.audit`) on the chosen rewards; "
                "stop if any known hack earns reward."})
    breaker_rate: float = field(default=0.5, metadata={
        "help": "Stop training (checkpoint first, if checkpoints are on) when a reward's failure rate "
                "(<reward>/error_rate, /timeout_rate, /unscorable_rate) stays above this fraction for "
                "--breaker_steps logged steps."})
    breaker_steps: int = field(default=3, metadata={
        "help": "Consecutive logged steps above --breaker_rate that stop training; 0 turns the breaker off."})
    breaker_statuses: list[str] = field(default_factory=lambda: ["error", "timeout", "unscorable"], metadata={
        "help": "Reward statuses whose rates the breaker watches (error, timeout, unscorable, unparsed).",
        "nargs": "+"})
    no_signal_share: float = field(default=0.95, metadata={
        "help": "Stop training (then evaluate and report as usual) when at least this share of the groups score the "
                "same on every completion (TRL's frac_reward_zero_std: no gradient) for --no_signal_steps logged "
                "steps in a row (training/no_signal.py)."})
    no_signal_steps: int = field(default=10, metadata={
        "help": "Consecutive logged steps with no signal that stop training; 0 turns the stop off."})
    train_filter: str | None = field(default=None, metadata={
        "help": "Train only on the problems kept by `python -m eval filter` (its filter.json or folder)."})
    difficulty_sampling: bool = field(default=False, metadata={
        "help": "Draw training prompts by the chance that their next group is mixed (has reward std), judged from "
                "their recent groups: all-right and all-wrong prompts are drawn less, then revisited "
                "(training/difficulty.py)."})
    difficulty_floor: float = field(default=0.05, metadata={
        "help": "The least draw weight of a prompt (one that surely teaches weighs ~1)."})
    difficulty_half_life: float = field(default=20, metadata={
        "help": "Batches after which a prompt's pass/fail evidence counts half."})
    dynamic_sampling: bool = field(default=False, metadata={
        "help": "DAPO's dynamic sampling: train each step only on groups whose rewards differ, generating groups "
                "from extra prompts to fill the batch, per task in a mixture (training/dynamic.py)."})
    save_rollouts: bool = field(default=True, metadata={
        "help": "Save every training batch's prompts, completions, reward verdicts (score, status, detail, answer), "
                "GRPO groups and advantages under OUTPUT_DIR/rollouts/ as Parquet shards that `datasets` reads and "
                "`python -m eval rescore` re-judges (eval/rollouts.py), and the before and after evaluations' "
                "samples with their verdicts under OUTPUT_DIR/eval_samples/; --save_rollouts false turns it off."})
    save_rollouts_max_mb: float = field(default=2048, metadata={
        "help": "Stop saving rollouts (with a warning) once OUTPUT_DIR/rollouts/ holds this many megabytes."})
    verifier_audit: int = field(default=0, metadata={
        "help": "Each step, judge N sampled completions again with an independent second judge (math_exact: "
                "math-verify alone; code_tests: each test alone in a sandbox of its own), in the background, off "
                "the step; log the main verifier's estimated false-positive and false-negative rates "
                "(verifier_audit/...) with Wilson intervals, write disagreements to OUTPUT_DIR/verifier_audit.jsonl "
                "(training/verifier_audit.py); 0 (the default) turns it off."})
    verifier_audit_share: float = field(default=0.1, metadata={
        "help": "The most of the wall time the verifier audit may be busy; a batch past it (or while two wait) is "
                "skipped, never waited for, so the step time grows by at most about this fraction."})
    dynamic_sampling_max_rounds: int = field(default=3, metadata={
        "help": "The most generation rounds a step may run, the first included; slots still empty after them are "
                "padded with the step's zero-std groups."})

    def __post_init__(self) -> None:
        if self.eval_n < 1:
            raise rewards.RlvrError(f"--eval_n must be >= 1 (samples per held-out problem), got {self.eval_n}.")
        check_ks(self.eval_k, self.eval_n, "--eval_k", "--eval_n")
        if self.eval_limit is not None and self.eval_limit < 1:
            raise rewards.RlvrError(f"--eval_limit must be >= 1 (or left out for every held-out problem), got "
                                    f"{self.eval_limit}.")
        from training.heldout import check_options as check_heldout

        check_heldout(self.eval_every, self.eval_every_limit, self.eval_every_n)
        if self.verifier_audit < 0:
            raise rewards.RlvrError(f"--verifier_audit takes the completions audited a step (>= 0), got "
                                    f"{self.verifier_audit}.")
        if self.save_rollouts_max_mb <= 0:
            raise rewards.RlvrError(f"--save_rollouts_max_mb must be > 0 (megabytes of saved rollouts), got "
                                    f"{self.save_rollouts_max_mb}; turn saving off with --save_rollouts false.")
        if self.lora and self.lora_r < 1:
            raise rewards.RlvrError(f"--lora_r must be >= 1 (the LoRA rank, e.g. 16), got {self.lora_r}.")
        if self.lora and importlib.util.find_spec("peft") is None:
            raise rewards.RlvrError("--lora needs the `peft` package: pip install peft (or drop --lora).")
        if self.model is not None:
            check_model(self.model)
        check_no_signal(self.no_signal_share, self.no_signal_steps)
        check_reward_specs(self.reward or [])  # an unimportable module:fn gets a hint about the import path
        if self.difficulty_sampling:
            check_options(self.difficulty_floor, self.difficulty_half_life)
        if self.dynamic_sampling:
            from training.dynamic import check_options as check_dynamic

            check_dynamic(self.dynamic_sampling_max_rounds)
            if self.difficulty_sampling:
                raise rewards.RlvrError("--dynamic_sampling and --difficulty_sampling are not combined; pick one.")


def parse_args(argv: list[str] | None = None):
    """Parse rlvr-kit flags and GRPOConfig from the command line and an optional YAML ``--config``.

    Precedence: a flag, then the YAML, then the env's ``train_defaults`` (`env_train_defaults`), then `DEFAULTS`.
    """
    defaults = {**DEFAULTS, "use_cpu": not torch.cuda.is_available(), "bf16": torch.cuda.is_available()}
    parsed = _parse(argv, defaults)
    from_env = env_train_defaults(parsed[0].env, given_fields(argv))
    if not from_env:
        return parsed
    logger.info("env %r sets defaults %s (flags and --config override them)", parsed[0].env,
                " ".join(f"{k}={v}" for k, v in from_env.items()))
    return _parse(argv, {**defaults, **from_env})  # a fresh parser: the YAML goes on top of the env's defaults


def env_train_defaults(env_id: str, settled: Collection[str] = ()) -> dict:
    """The env's ``train_defaults`` (`envs.train_defaults`, merged over a mixture's envs) but the ``settled`` fields:
    GRPOConfig fields and train.py flags; none for an id `envs.make` will refuse (its error comes from there).

    Raises:
        TrainDefaultsConflictError: a mixture's envs set a field to different values, and ``settled`` lacks it.
    """
    try:
        return envs.train_defaults(env_id, settled)
    except TrainDefaultsConflictError:
        raise
    except rewards.RlvrError:
        return {}


def given_fields(argv: list[str] | None) -> set[str]:
    """The fields set by a flag in ``argv`` (default: the command line) or in its ``--config`` YAML: they settle
    what a mixture's envs disagree on."""
    args = sys.argv[1:] if argv is None else argv
    # HfArgumentParser takes both spellings, --some-flag and --some_flag
    names = {a[2:].partition("=")[0].replace("-", "_") for a in args if a.startswith("--")}
    config = next((a.partition("=")[2] or (args[i + 1] if i + 1 < len(args) else "") for i, a in enumerate(args)
                   if a == "--config" or a.startswith("--config=")), "")
    if config and Path(config).is_file():  # a missing file is reported by the parser
        loaded = yaml.safe_load(Path(config).read_text())
        names |= set(loaded) if isinstance(loaded, dict) else set()
    return names


def _parse(argv: list[str] | None, defaults: dict):
    parser = TrlParser((ScriptArguments, GRPOConfig),  # type: ignore[arg-type]  # TRL's DataClassType is too narrow
                       prog=prog("python train.py"))
    # Only fields this transformers/TRL has (transformers 5.17, on the GPU image, lacks `activation_checkpointing`):
    # an unknown default would come back as an extra parsed namespace.
    known = {f.name for arguments in (ScriptArguments, GRPOConfig) for f in fields(arguments) if f.init}
    unknown = [k for k in defaults if k not in known and k not in DEFAULTS]
    if unknown:  # an env's own default this GRPOConfig lacks: registration checks the names against TRL's source
        raise rewards.RlvrError(f"The env's train_defaults set {unknown}, which this TRL's GRPOConfig and train.py "
                                "do not have; drop them from the env's train_defaults or upgrade TRL.")
    parser.set_defaults(**{k: v for k, v in defaults.items() if k in known})
    try:
        return parser.parse_args_and_config(argv)
    except OSError as e:  # --config names a file that is not there
        raise rewards.RlvrError(f"Cannot read the --config file: {e}. Pass a YAML file of flag: value lines.") from e
    except ValueError as e:  # unknown flags, and GRPOConfig's own checks (num_generations ...), raised as ValueError
        if isinstance(e, rewards.RlvrError):
            raise
        message = str(e)
        if "num_generations" in message:
            message += (" The generation batch defaults to --per_device_train_batch_size x "
                        "--gradient_accumulation_steps x the number of processes: pick a --num_generations >= 2 "
                        "that divides it, or change --per_device_train_batch_size")
        raise flag_error(message, known, parser.prog) from e


def resolve_rewards(script: ScriptArguments, env: envs.Env) -> list[rewards.RewardFn]:
    """The reward functions to train on: ``--reward``, else the env's own (per task for a mixture), sharing
    instances so a checker used by several specs runs once per batch."""
    if not script.reward:
        return env.reward_funcs(placement=script.reward_placement)
    return rewards.get_many(script.reward, placement=script.reward_placement)[0]


def resolve_weights(script: ScriptArguments, given: list[float] | None, env: envs.Env,
                    reward_funcs: list[rewards.RewardFn]) -> list[float] | None:
    """``GRPOConfig.reward_weights``: ``--reward_weights``, ``weight*reward`` prefixes, or the env's own weights;
    one per reward, checked before the model is built (TRL checks it after)."""
    spec_weights = weights_of(script.reward) if script.reward else None  # "0.5*format_think" -> weight 0.5
    if spec_weights is not None and given is not None:
        raise rewards.RlvrError("Give reward weights either with --reward_weights or as 'weight*reward' "
                                f"prefixes in --reward, not both (got {given} and {script.reward}).")
    weights = spec_weights if spec_weights is not None else given
    if weights is None and not script.reward and env.spec.reward_weights:
        weights = list(env.spec.reward_weights)
    if weights is not None and len(weights) != len(reward_funcs):
        names = [getattr(f, "__name__", "?") for f in reward_funcs]
        raise rewards.RlvrError(f"--reward_weights gives {len(weights)} weights {list(weights)} for {len(names)} "
                                f"rewards {names}; give one weight per reward, in that order.")
    return weights


def add_logged_rewards(reward_funcs: list[rewards.RewardFn], env: envs.Env, weights: list[float] | None,
                       placement: str = "local") -> tuple[list[rewards.RewardFn], list[float] | None]:
    """Beside a reward that is not verifiable (a learned one), add the env's checkers at weight 0: logged, not
    trained on, so over-optimisation (its score up while the verified pass rate falls) shows in the logs."""
    if all(getattr(r, "verifiable", True) for r in reward_funcs):
        return reward_funcs, weights
    names = {r.__name__ for r in reward_funcs}
    extra = [rewards.get(n, placement=placement) for n in env.rewards if n not in names]
    if not extra:
        return reward_funcs, weights
    # A weight-0 score still keeps TRL from leaving out a completion the reward could not judge: withhold it there.
    extra = withheld([reward_funcs[0], *extra])[1:]
    return reward_funcs + extra, list(weights or [1.0] * len(reward_funcs)) + [0.0] * len(extra)


def tools_placed(env: envs.Env, script: ScriptArguments) -> Any:
    """The env's tools for the trainer; with ``--reward_placement ray`` their python calls run on the cluster too."""
    return placed(env.environment_factory, script.reward_placement)


def load_policy(script: ScriptArguments, env: envs.Env):
    """The model and tokenizer to train: ``--model``, or the embedded tiny policy (built on first use)."""
    return load_causal_lm(script.model or str(build_or_load(env)))


def main(argv: list[str] | None = None) -> dict:
    """Run the whole pipeline and return the results written to ``OUTPUT_DIR/results.json``."""
    started = time.time()
    script, config = parse_args(argv)
    env = envs.make(script.env, **envs.parse_kwargs(script.env_kwargs))
    reward_funcs = resolve_rewards(script, env)
    config.reward_weights = resolve_weights(script, config.reward_weights, env, reward_funcs)
    reward_funcs, config.reward_weights = add_logged_rewards(reward_funcs, env, config.reward_weights,
                                                             script.reward_placement)
    # Before any model, in seconds: splits, prompts, tools, and each reward called on two held-out rows as TRL calls
    # it (a reward that is down stops here, not after the whole "before" evaluation).
    envs.check_env(env, reward_funcs)
    if script.audit and is_game(env.environment_factory):  # judged by its state: the game is played, not hacked
        audit_game_or_raise(env.id, env.environment_factory, env.heldout_rows(8), show=print)
    elif script.audit:
        rewards.audit.audit_or_raise(reward_funcs, env.heldout_rows(8), show=print)
    run = prepare_run(script, config, env, reward_funcs)  # filter, resume, breaker, held-out, sampler, rank logs

    model, tokenizer = load_policy(script, env)
    before = run.evaluate_before(model, tokenizer, env)  # on resume, the run's saved one
    run.print0(report.before_summary(before, config.num_generations))
    trainer = run.trainer_class(model=model, reward_funcs=list(run.reward_funcs), args=config,
                                train_dataset=run.train_data, processing_class=tokenizer,
                                peft_config=_lora_config(script), callbacks=run.callbacks,
                                environment_factory=tools_placed(env, script), **run.trainer_kwargs)
    train_seconds = run.train(trainer)
    after = run.evaluate_after(trainer, tokenizer, env)

    out = Path(config.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    trainer.save_model(str(out / report.MODEL_DIR))  # on every rank: sharded (FSDP/ZeRO-3) saves gather across ranks
    results = {
        "before": before, "after": after, "env": run.described, "rewards": [r.__name__ for r in run.reward_funcs],
        "model": script.model or "embedded", "script_args": asdict(script), "grpo_config": config.to_dict(),
        "resumed_from": run.checkpoint, "train_seconds": train_seconds, "wall_seconds": time.time() - started,
        "log_history": trainer.state.log_history,
        **({"verifier_audit": run.audit.summary()} if run.audit is not None else {}),
    }
    if run.is_main_process:
        report.save_results(results, out)
        print(report.run_summary(results, out))  # tables, file paths, and eval.compare's paired verdict
    return results


def _lora_config(script: ScriptArguments):
    """``--lora``: PEFT adapters on every linear layer; ``None`` trains all weights."""
    if not script.lora:
        return None
    from peft import LoraConfig  # optional dependency, checked when --lora is parsed

    return LoraConfig(r=script.lora_r, lora_alpha=2 * script.lora_r, target_modules="all-linear", task_type="CAUSAL_LM")


def cli() -> None:
    """`python train.py`, installed as the `rlvr-train` command."""
    ignore_understood_warnings()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        with stop_on_signals():  # SIGTERM unwinds like Ctrl-C, so atexit stops every reward worker process
            main()
    except rewards.RlvrError as e:
        sys.exit(f"error: {e}")
    except Interrupted as e:
        sys.exit(e.exit_code)


if __name__ == "__main__":
    cli()
