"""What train.py wires around `GRPOTrainer` for one run, in one place: ``--train_filter``, resume (the checkpoint, the
run's identity, its saved "before"), the reward breaker, the stop for a run with no signal, held-out evaluation
every N steps, difficulty-aware sampling, dynamic sampling, per-rank reward logs, saved rollouts and the live
verifier audit.

`prepare_run` returns a `Run`: the trainer class with its extra keyword arguments and callbacks, the rewards and
train rows to give it, the evaluation settings, and whether this process is the one that prints and writes. A new
training option is one line in `prepare_run`: a callback appended to ``run.callbacks``, or a trainer subclass set
as ``run.trainer_class`` with what it needs in ``run.trainer_kwargs``.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from accelerate import PartialState
from transformers import TrainerCallback
from trl import GRPOConfig

from envs.registration import Env
from eval.mixture import evaluate_by_task
from eval.pass_rates import filter_train
from eval.policy import check_buildable
from eval.rollouts import EVAL_FOLDER
from rewards.protocol import RewardFn
from training.breaker import RewardBreaker
from training.console import print_step_lines
from training.difficulty import DifficultyGRPOTrainer, SaveDifficulty, tracker_for
from training.dynamic import DynamicGRPOTrainer
from training.heldout import heldout_callbacks
from training.no_signal import NoSignalStop
from training.rank_log import log_per_rank
from training.resume import (
    SaveRunIdentity,
    check_output_dir_is_free,
    check_same_run,
    resolve_checkpoint,
    resume_hint,
    resume_message,
    run_identity,
    save_before,
    saved_before,
)
from training.rollouts import RolloutRecorder
from training.trainer import GRPOTrainer
from training.verifier_audit import VerifierAudit

logger = logging.getLogger(__name__)


@dataclass
class Run:
    """One training run as train.py builds it: what goes into the trainer, and what the report needs."""

    config: GRPOConfig
    reward_funcs: list[RewardFn]  # as trained on: logged per rank, watched by the difficulty sampler
    train_data: Any  # the env's train split, or the rows --train_filter keeps
    described: dict[str, Any]  # env.describe(), with the --train_filter counts
    identity: dict[str, Any]  # what a resumed run must share (training.resume.run_identity)
    checkpoint: str | None  # the checkpoint resumed from
    eval_args: dict[str, Any]  # the before and after evaluations' settings (eval.mixture.evaluate_by_task)
    is_main_process: bool  # the one process (of `accelerate launch`) that prints and writes
    trainer_class: type[GRPOTrainer] = GRPOTrainer
    trainer_kwargs: dict[str, Any] = field(default_factory=dict)
    callbacks: list[TrainerCallback] = field(default_factory=list)
    audit: VerifierAudit | None = None  # --verifier_audit: its rates go into results.json
    no_signal: NoSignalStop | None = None  # says why training stopped early, when it did
    save_eval_samples: bool = False  # --save_rollouts: the before and after evaluations' samples too

    @property
    def output_dir(self) -> str:
        """``--output_dir`` (TrainingArguments fills it in when not given)."""
        return str(self.config.output_dir)

    def print0(self, text: str) -> None:
        """Print ``text`` on the main process only (every rank runs the same evaluations)."""
        if self.is_main_process:
            print(text, flush=True)

    def evaluate_before(self, model: Any, tokenizer: Any, env: Env) -> dict[str, Any]:
        """The start model's evaluation: on resume the run's saved one (``before.json``) when it was computed for
        this run and these settings, else a fresh one, saved for a later resume."""
        before = saved_before(self.output_dir, self.identity, self.eval_args) if self.checkpoint else None
        if self.checkpoint:
            self.print0(resume_message(self.checkpoint, before is not None, self.config.max_steps))
        if before is None:
            before = evaluate_by_task(model, tokenizer, env, **self.eval_args, **self._samples("before", 0))
            if self.is_main_process:
                save_before(self.output_dir, self.identity, self.eval_args, before)
        return before

    def evaluate_after(self, trainer: GRPOTrainer, tokenizer: Any, env: Env) -> dict[str, Any]:
        """The trained model's evaluation, with the same settings as the start model's."""
        step = trainer.state.global_step
        return evaluate_by_task(trainer.model, tokenizer, env, **self.eval_args, **self._samples("after", step))

    def _samples(self, name: str, step: int) -> dict[str, Any]:
        """Where an evaluation saves its samples (`eval.rollouts.EVAL_FOLDER`), written by the main process only."""
        if not (self.save_eval_samples and self.is_main_process):
            return {}
        return {"samples_to": Path(self.output_dir) / EVAL_FOLDER / f"{name}.parquet", "samples_step": step}

    def train(self, trainer: GRPOTrainer) -> float:
        """Train, from the checkpoint when resuming, and return the seconds it took; on Ctrl-C (or SIGTERM under
        `training.shutdown.stop_on_signals`) log the step and how to resume, then let it propagate."""
        print_step_lines(trainer)  # one line a logging step; the whole dicts in OUTPUT_DIR/train_log.jsonl
        started = time.time()
        try:
            trainer.train(resume_from_checkpoint=self.checkpoint)
        except KeyboardInterrupt:
            logger.error("Interrupted at step %d. %s", trainer.state.global_step, resume_hint(self.output_dir))
            raise
        if self.no_signal is not None and self.no_signal.stopped_at is not None:
            self.print0(self.no_signal.message())  # again after the step lines, before the "after" evaluation
        return time.time() - started


def prepare_run(script: Any, config: GRPOConfig, env: Env, reward_funcs: list[RewardFn]) -> Run:
    """Wire train.py's options (``script``: its ``ScriptArguments``) around the rewards, before any model is loaded.

    Raises:
        RlvrError: a ``--train_filter`` made for another env or keeping none of its rows, a checkpoint of another
            run (`training.resume.ResumeError`), a fresh run in an ``--output_dir`` that holds another run, an
            embedded policy that cannot be built for this many processes.
    """
    train_data, described = env.train, env.describe()
    if script.train_filter:
        train_data, described["train_filter"] = filter_train(env.train, env.id, script.train_filter)
        logger.info("--train_filter: training on %(kept)d of %(of)d problems (pass rate in %(keep)s)",
                    described["train_filter"])
    identity = run_identity({**described, "difficulty_sampling": script.difficulty_sampling,
                             **({"dynamic_sampling": True} if script.dynamic_sampling else {})},
                            [r.__name__ for r in reward_funcs], config.reward_weights, script.model or "embedded")
    out = str(config.output_dir)  # TrainingArguments fills it in when not given
    checkpoint = resolve_checkpoint(config.resume_from_checkpoint, out)
    if checkpoint:
        check_same_run(checkpoint, identity)
    else:
        check_output_dir_is_free(out)
    state = PartialState(cpu=config.use_cpu)
    state.wait_for_everyone()  # every rank has looked at --output_dir before any of them writes into it
    if script.model is None:
        check_buildable(env, state.num_processes)
    recorder = (RolloutRecorder(out, state.process_index, script.save_rollouts_max_mb) if script.save_rollouts
                else None)
    audit = (VerifierAudit(script.verifier_audit, reward_funcs, out, config.seed, script.verifier_audit_share)
             if script.verifier_audit else None)  # from the rewards themselves: a code judge copies their sandbox
    if recorder is not None:  # tapped innermost, so the verdicts are the reward's own
        reward_funcs = [recorder.tap(fn, i) for i, fn in enumerate(reward_funcs)]
    run = Run(config=config, reward_funcs=[log_per_rank(fn, out, state.process_index) for fn in reward_funcs],
              train_data=train_data, described=described, identity=identity, checkpoint=checkpoint,
              eval_args=eval_settings(script, config, env), is_main_process=state.is_main_process)
    run.save_eval_samples = script.save_rollouts
    run.no_signal = NoSignalStop(script.no_signal_share, script.no_signal_steps)
    run.callbacks += [RewardBreaker(script.breaker_rate, script.breaker_steps, script.breaker_statuses),
                      SaveRunIdentity(identity), run.no_signal]
    run.callbacks += heldout_callbacks(env, run.eval_args, script.eval_every, script.eval_every_limit,
                                       script.eval_every_n, config.max_steps)
    if script.difficulty_sampling:
        _sample_by_difficulty(run, script)
    if script.dynamic_sampling:
        run.trainer_class = DynamicGRPOTrainer
        run.trainer_kwargs["max_rounds"] = script.dynamic_sampling_max_rounds
    if recorder is not None:
        run.trainer_kwargs["rollouts"] = recorder
    if audit is not None:
        run.audit = run.trainer_kwargs["verifier_audit"] = audit
    return run


def eval_settings(script: Any, config: GRPOConfig, env: Env) -> dict[str, Any]:
    """The before and after evaluations' settings. Every rank evaluates the same problems with the same seed
    (identical results; ZeRO-3 needs all ranks to generate in step). A tool env (or a mixture with one) gets as many
    tool turns as training allows, and whether the same problems are also evaluated with the tools withheld."""
    args = dict(n=script.eval_n, ks=script.eval_k, limit=script.eval_limit, temperature=config.temperature,
                max_new_tokens=config.max_completion_length, seed=config.seed)
    if env.environment_factory is not None:
        args.update(max_tool_turns=config.max_tool_calling_iterations, without_tools=script.eval_without_tools)
    return args


def _sample_by_difficulty(run: Run, script: Any) -> None:
    """``--difficulty_sampling``: the trainer draws prompts from a tracker the rewards feed, saved with checkpoints."""
    config = run.config
    group_size = cast(int, config.num_generations)  # GRPOConfig checked it: an int >= 2
    tracker = tracker_for(run.train_data, group_size=group_size, floor=script.difficulty_floor,
                          half_life=script.difficulty_half_life, seed=config.seed)
    if run.checkpoint and tracker.load(run.checkpoint):
        config.ignore_data_skip = True  # the sampler continues from its saved state; replaying batches would redraw
    run.reward_funcs = tracker.watch(run.reward_funcs, config.reward_weights)
    run.trainer_class = DifficultyGRPOTrainer
    run.trainer_kwargs["difficulty"] = tracker
    run.callbacks.append(SaveDifficulty(tracker))
