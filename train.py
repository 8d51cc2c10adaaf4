"""Train a policy with GRPO on a verifiable reward, and report held-out pass rates before and after.

    python train.py --reward math_exact                      # env `arithmetic`, embedded tiny model, offline
    python train.py --env arithmetic --model Qwen/Qwen2.5-0.5B-Instruct --learning_rate 1e-6 --lora
    python train.py --env arithmetic:0.7,countdown:0.3 --max_completion_length 20   # mixed tasks, per-task results

Every `GRPOConfig` field is a flag (``--learning_rate``, ``--num_generations`` ...) or a key of a YAML ``--config``;
flags override the YAML, which overrides the defaults below (tuned for the embedded tiny model on a CPU).
"""

from __future__ import annotations

import importlib.util
import json
import logging
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path


import envs
import rewards
from envs.mixture import MixedEnv
from rewards.compose import weights_of
from rewards.errors import flag_error

logger = logging.getLogger("train")
LEARNED_REWARD = "bt_rm"  # scored by a reward model (--reward_model), not a checker

# GRPOConfig defaults for the embedded model (measured in shared/tiny-grpo-facts.md): TRL's own lr 1e-6 and bf16 suit
# 1B+ models on GPUs; a 1M-parameter model on a CPU needs lr 1e-4 with warmup and 64 prompts x 8 completions a step.
DEFAULTS = dict(
    output_dir="outputs/run", learning_rate=1e-4, lr_scheduler_type="constant_with_warmup", warmup_steps=10,
    max_steps=150, num_generations=8, per_device_train_batch_size=512, max_completion_length=12, temperature=1.0,
    beta=0.0, logging_steps=5, save_strategy="no", report_to="none", activation_checkpointing=False,
    gradient_checkpointing=False, seed=0,
)


@dataclass
class ScriptArguments:
    """rlvr-kit's own flags; the GRPO ones come from `trl.GRPOConfig`."""

    env: str = field(default="arithmetic", metadata={
        "help": "Env id (`python -m envs list`), or a mixture with weights: arithmetic:0.7,countdown:0.3."})
    env_kwargs: list[str] | None = field(default=None, metadata={
        "help": "Env options as key=value (YAML values), e.g. digits=3 operators=+-.", "nargs": "+"})
    reward: list[str] | None = field(default=None, metadata={
        "help": "Reward id or module:function; repeatable. Default: the env's rewards (`python -m rewards list`).",
        "action": "extend", "nargs": "+"})
    reward_model: str | None = field(default=None, metadata={
        "help": "Reward model directory for learned rewards such as bt_rm (`python -m rewards.preference train`)."})
    model: str | None = field(default=None, metadata={
        "help": "Path or hub id of a causal LM. Default: the embedded tiny model, built and cached offline."})
    lora: bool = field(default=False, metadata={"help": "Train LoRA adapters (PEFT) instead of all weights."})
    lora_r: int = field(default=16, metadata={"help": "LoRA rank."})
    eval_n: int = field(default=8, metadata={"help": "Sampled completions per held-out problem."})
    eval_k: list[int] = field(default_factory=lambda: [1, 8], metadata={"help": "k values for pass@k.", "nargs": "+"})
    eval_limit: int | None = field(default=None, metadata={"help": "Evaluate only the first N held-out problems."})
    audit: bool = field(default=False, metadata={
        "help": "Before training, run the reward-hacking audit (`python -m rewards.audit`) on the chosen rewards; "
                "stop if any known hack earns reward."})
    breaker_rate: float = field(default=0.5, metadata={
        "help": "Stop training (checkpoint first, if checkpoints are on) when a reward's failure rate "
                "(<reward>/error_rate, /timeout_rate) stays above this fraction for --breaker_steps logged steps."})
    breaker_steps: int = field(default=3, metadata={
        "help": "Consecutive logged steps above --breaker_rate that stop training; 0 turns the breaker off."})
    breaker_statuses: list[str] = field(default_factory=lambda: ["error", "timeout"], metadata={
        "help": "Reward statuses whose rates the breaker watches (error, timeout, unparsed).", "nargs": "+"})


def parse_args(argv: list[str] | None = None):
    """Parse rlvr-kit flags and GRPOConfig from the command line and an optional YAML ``--config``."""
    import torch
    from trl import GRPOConfig, TrlParser

    parser = TrlParser((ScriptArguments, GRPOConfig))
    defaults = {**DEFAULTS, "use_cpu": not torch.cuda.is_available(), "bf16": torch.cuda.is_available()}
    # Only fields this transformers/TRL has (transformers 5.17, on the GPU image, lacks `activation_checkpointing`):
    # an unknown default would come back as an extra parsed namespace.
    known = {action.dest for action in parser._actions}
    parser.set_defaults(**{k: v for k, v in defaults.items() if k in known})
    try:
        return parser.parse_args_and_config(argv)
    except OSError as e:  # --config names a file that is not there
        raise rewards.RlvrError(f"Cannot read the --config file: {e}. Pass a YAML file of flag: value lines.") from e
    except ValueError as e:  # unknown flags, and GRPOConfig's own checks (num_generations ...), raised as ValueError
        message = str(e)
        if "num_generations" in message:
            message += (" The generation batch defaults to --per_device_train_batch_size x "
                        "--gradient_accumulation_steps x the number of processes: pick a --num_generations >= 2 "
                        "that divides it, or change --per_device_train_batch_size")
        raise flag_error(message, known, "python train.py") from e


def check_args(script: ScriptArguments) -> None:
    """Reject bad rlvr-kit flags before any data is built or model loaded (the GRPO ones TRL checks on parsing)."""
    if script.eval_n < 1:
        raise rewards.RlvrError(f"--eval_n must be >= 1 (samples per held-out problem), got {script.eval_n}.")
    bad = [k for k in script.eval_k if not 1 <= k <= script.eval_n]
    if bad:
        raise rewards.RlvrError(f"--eval_k values must lie in 1..--eval_n ({script.eval_n}); got {script.eval_k}. "
                                f"Raise --eval_n to at least {max(script.eval_k)} or drop k={bad}.")
    if script.eval_limit is not None and script.eval_limit < 1:
        raise rewards.RlvrError(f"--eval_limit must be >= 1 (or left out for every held-out problem), got "
                                f"{script.eval_limit}.")
    if script.lora and script.lora_r < 1:
        raise rewards.RlvrError(f"--lora_r must be >= 1 (the LoRA rank, e.g. 16), got {script.lora_r}.")
    if script.lora and importlib.util.find_spec("peft") is None:
        raise rewards.RlvrError("--lora needs the `peft` package: pip install peft (or drop --lora to train all "
                                "weights).")
    if script.model is not None:
        from eval.__main__ import check_model

        check_model(script.model)
    _check_reward_flags(script)


def _check_reward_flags(script: ScriptArguments) -> None:
    from rewards.preference import check_reward_model_dir

    names = script.reward or []
    if LEARNED_REWARD in names and not script.reward_model:
        rewards.get(LEARNED_REWARD)  # raises bt_rm's own "needs a trained reward model" error, before any data
    if script.reward_model:
        if names:
            _check_reward_model_used(script, names)
        check_reward_model_dir(script.reward_model)
    for spec in names:
        if spec != LEARNED_REWARD:
            rewards.check(spec)


def _check_reward_model_used(script: ScriptArguments, names: list[str]) -> None:
    if script.reward_model and LEARNED_REWARD not in names:
        raise rewards.RlvrError(f"--reward_model is only read by --reward {LEARNED_REWARD}; rewards chosen: {names}.")


def check_env(env: envs.Env) -> None:
    """An env with no train or no held-out problems cannot be trained and compared before/after."""
    for split in ("train", "eval"):
        if len(getattr(env, split)) == 0:
            raise rewards.RlvrError(f"Env {env.id!r} built no {split} problems ({env.describe()}); raise "
                                    f"n_{split} in --env_kwargs or give it more data.")


def check_weights(weights: list[float] | None, reward_funcs: list[rewards.RewardFn]) -> None:
    """One ``--reward_weights`` entry per reward, checked before the model is built (TRL checks it after)."""
    if weights is not None and len(weights) != len(reward_funcs):
        names = [getattr(f, "__name__", "?") for f in reward_funcs]
        raise rewards.RlvrError(f"--reward_weights gives {len(weights)} weights {list(weights)} for {len(names)} "
                                f"rewards {names}; give one weight per reward, in that order.")


def resolve_rewards(script: ScriptArguments, env: envs.Env) -> list[rewards.RewardFn]:
    """The reward functions to train on: ``--reward``, else the env's own (per task for a mixture)."""
    if not script.reward and isinstance(env, MixedEnv):
        return env.reward_funcs()
    names = script.reward or list(env.rewards)
    _check_reward_model_used(script, names)
    plain = [name for name in names if name != LEARNED_REWARD]
    # shared instances: a checker used by several specs runs once per batch
    built = dict(zip(plain, rewards.get_many(plain)[0])) if plain else {}
    return [rewards.get(name, model=script.reward_model) if name == LEARNED_REWARD else built[name] for name in names]


def add_logged_rewards(reward_funcs: list[rewards.RewardFn], env: envs.Env, weights: list[float] | None
                       ) -> tuple[list[rewards.RewardFn], list[float] | None]:
    """With a learned reward, add the env's verifiable rewards at weight 0: logged, not trained on, so reward-model
    over-optimisation (its score up while the verified pass rate falls) shows in the logs and the reward curve."""
    names = [r.__name__ for r in reward_funcs]
    if LEARNED_REWARD not in names:
        return reward_funcs, weights
    extra = [rewards.get(n) for n in env.rewards if n not in names]
    if not extra:
        return reward_funcs, weights
    return reward_funcs + extra, list(weights or [1.0] * len(reward_funcs)) + [0.0] * len(extra)


def resolve_weights(script: ScriptArguments, given: list[float] | None, env: envs.Env) -> list[float] | None:
    """``GRPOConfig.reward_weights``: ``--reward_weights``, ``weight*reward`` prefixes, or the env's own weights."""
    spec_weights = weights_of(script.reward) if script.reward else None  # "0.5*format_think" -> weight 0.5
    if spec_weights is not None and given is not None:
        raise rewards.RlvrError("Give reward weights either with --reward_weights or as 'weight*reward' "
                                f"prefixes in --reward, not both (got {given} and {script.reward}).")
    if spec_weights is not None:
        return spec_weights
    if given is None and not script.reward and getattr(env.spec, "reward_weights", None):
        return list(env.spec.reward_weights)
    return given


def load_policy(script: ScriptArguments, env: envs.Env):
    """The model and tokenizer to train: ``--model``, or the embedded tiny policy (built on first use)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from eval.policy import build_or_load

    path = script.model or str(build_or_load(env))
    try:
        tokenizer = AutoTokenizer.from_pretrained(path)
        model = AutoModelForCausalLM.from_pretrained(path)
    except (OSError, ValueError) as e:
        raise rewards.RlvrError(f"Cannot load --model {path!r} as a causal LM: {type(e).__name__}: {e}") from e
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


def main(argv: list[str] | None = None) -> dict:
    """Run the whole pipeline and return the results written to ``OUTPUT_DIR/results.json``."""
    started = time.time()
    script, config = parse_args(argv)
    check_args(script)
    env_kwargs = envs.parse_kwargs(script.env_kwargs)
    env = envs.make(script.env, **env_kwargs)
    check_env(env)
    reward_funcs = resolve_rewards(script, env)
    rewards.check_columns(reward_funcs, env.train.column_names, where=f"env {env.id!r}")
    config.reward_weights = resolve_weights(script, config.reward_weights, env)
    check_weights(config.reward_weights, reward_funcs)
    reward_funcs, config.reward_weights = add_logged_rewards(reward_funcs, env, config.reward_weights)
    if script.audit:
        _audit(reward_funcs, env)
    # Resume and breaker (eval/resume.py, rewards/breaker.py): checked before any model is loaded.
    from eval.resume import (SaveRunIdentity, check_same_run, resolve_checkpoint, resume_hint, run_identity,
                             save_before, saved_before)
    from rewards.breaker import RewardBreaker

    breaker = RewardBreaker(script.breaker_rate, script.breaker_steps, script.breaker_statuses)
    identity = run_identity(env.describe(), [r.__name__ for r in reward_funcs], config.reward_weights,
                            script.model or "embedded")
    checkpoint = resolve_checkpoint(config.resume_from_checkpoint, config.output_dir)
    if checkpoint:
        check_same_run(checkpoint, identity)

    from accelerate import PartialState
    from trl import GRPOTrainer

    from eval.mixture import evaluate_by_task
    from eval import grpo_signal_message
    from eval.report import comparison_table, plot_reward_curve
    from rewards.rank_log import log_per_rank

    state = PartialState(cpu=config.use_cpu)
    _check_policy_built(script, env, state.num_processes)
    reward_funcs = [log_per_rank(fn, config.output_dir, state.process_index) for fn in reward_funcs]
    model, tokenizer = load_policy(script, env)
    # Every rank evaluates the same problems with the same seed (identical results; ZeRO-3 needs all ranks to
    # generate in step); only the main process prints and writes.
    eval_args = dict(n=script.eval_n, ks=script.eval_k, limit=script.eval_limit, temperature=config.temperature,
                     max_new_tokens=config.max_completion_length, seed=config.seed)
    before = saved_before(config.output_dir, identity, eval_args) if checkpoint else None  # the run's own "before"
    if before is None:
        before = evaluate_by_task(model, tokenizer, env, **eval_args)
        if state.is_main_process:
            save_before(config.output_dir, identity, eval_args, before)
    if state.is_main_process:
        print(f"before: pass@1 {before['pass@1']:.3f}, greedy {before['greedy_accuracy']:.3f}", flush=True)
        print(grpo_signal_message(before, config.num_generations), flush=True)

    trainer = GRPOTrainer(model=model, reward_funcs=reward_funcs, args=config, train_dataset=env.train,
                          processing_class=tokenizer, peft_config=_lora_config(script) if script.lora else None,
                          callbacks=[breaker, SaveRunIdentity(identity)])
    train_started = time.time()
    try:
        trainer.train(resume_from_checkpoint=checkpoint)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM under stop_on_signals
        logger.error("Interrupted at step %d. %s", trainer.state.global_step, resume_hint(config.output_dir))
        raise
    train_seconds = time.time() - train_started
    after = evaluate_by_task(trainer.model, tokenizer, env, **eval_args)

    out = Path(config.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    trainer.save_model(str(out / "model"))  # on every rank: sharded (FSDP/ZeRO-3) saves gather across ranks
    results = {
        "before": before, "after": after, "env": env.describe(), "rewards": [r.__name__ for r in reward_funcs],
        "model": script.model or "embedded", "script_args": asdict(script), "grpo_config": config.to_dict(),
        "resumed_from": checkpoint,
        "train_seconds": train_seconds, "wall_seconds": time.time() - started,
        "log_history": trainer.state.log_history,
    }
    if not state.is_main_process:
        return results
    (out / "results.json").write_text(json.dumps(results, indent=2, default=str))
    plot_reward_curve(trainer.state.log_history, out / "reward_curve.png")
    print(comparison_table(before, after))
    for task, task_before in before.get("per_task", {}).items():
        print(f"\n{task}\n{comparison_table(task_before, after['per_task'][task])}")
    print(f"results: {out / 'results.json'} | reward curve: {out / 'reward_curve.png'} | "
          f"wall {results['wall_seconds']:.0f}s")
    return results


def _audit(reward_funcs: list[rewards.RewardFn], env: envs.Env) -> None:
    from rewards.audit import audit_all

    reports = audit_all(reward_funcs, env.heldout_rows(8))
    for report in reports:
        print(report.table(), flush=True)
    hacked = {r.reward: r.hacked for r in reports if not r.passed}
    if hacked:
        raise rewards.RlvrError(f"audit failed, known hacks earn reward: {hacked}. Fix or compose the rewards "
                                "(e.g. gate with '|if:format_think'), or run without --audit.")


def _check_policy_built(script: ScriptArguments, env: envs.Env, num_processes: int) -> None:
    # Building the embedded policy runs an SFT warm start, which cannot run on one rank while others wait.
    from eval.policy import policy_dir

    if script.model is None and num_processes > 1 and not (policy_dir(env) / "policy.json").exists():
        raise rewards.RlvrError(
            f"The embedded policy for env {env.id!r} is not built yet and {num_processes} processes cannot build it "
            "together: run the same command once with plain `python train.py ... --max_steps 1` to build and cache "
            "it, or pass --model."
        )


def _lora_config(script: ScriptArguments):
    from peft import LoraConfig

    return LoraConfig(r=script.lora_r, lora_alpha=2 * script.lora_r, target_modules="all-linear", task_type="CAUSAL_LM")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from rewards.shutdown import Interrupted, stop_on_signals

    try:
        with stop_on_signals():  # SIGTERM unwinds like Ctrl-C, so atexit stops every reward worker process
            main()
    except rewards.RlvrError as e:
        sys.exit(f"error: {e}")
    except Interrupted as e:
        sys.exit(e.exit_code)
