"""The embedded default policy: a tiny causal LM built for an env, offline, with no model hub.

It trains a BPE tokenizer on the env's own text (digits split one per token), builds a Llama-shaped model of about a
million parameters, and warm-starts it with TRL's `SFTTrainer` on the env's reference answers until greedy accuracy on
a held-out slice of the train split reaches ``target_accuracy``. The result is cached under a directory keyed by a
hash of the config and the env, so the second run loads it in a second.

Why stop early: GRPO learns from groups whose rewards differ. A start that is sometimes right gives it signal; a
start that is always right leaves nothing to learn.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import datasets
import torch
from datasets import Dataset
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import (
    LlamaConfig,
    LlamaForCausalLM,
    LlamaForSequenceClassification,
    PreTrainedTokenizerFast,
    ProgressCallback,
    TrainerCallback,
)
from trl import SFTConfig, SFTTrainer

import rewards
from envs.games.check import is_game
from envs.tools import tool_names
from eval import settings
from eval.harness import generate, score
from eval.hub import hub_unreachable, offline_if_unreachable
from rewards.protocol import passes

logger = logging.getLogger(__name__)

EOS, PAD = "<|endoftext|>", "<|pad|>"
TOOL_TOKENS = 128  # completion budget of a tool rollout while warm-starting (a call, its result, the answer)


@dataclass(frozen=True)
class TinyPolicyConfig:
    """Shape of the tiny model and how long to warm-start it."""

    hidden_size: int = 128
    layers: int = 4
    heads: int = 4
    ffn_size: int = 512
    vocab_size: int = 384
    sft_learning_rate: float = 1e-3
    sft_batch_size: int = 128
    sft_max_steps: int = 1000
    target_accuracy: float = 0.3
    check_every: int = 10
    n_validation: int = 200
    seed: int = 0


def cache_root() -> Path:
    """Where built policies live: ``$RLVR_KIT_CACHE`` or ``~/.cache/rlvr-kit``."""
    return Path(os.environ.get("RLVR_KIT_CACHE", Path.home() / ".cache" / "rlvr-kit"))


# Tool envs: a shallower, wider-stepping start (batch 32, lr 3e-3) learns the call-then-copy traces in ~250 steps
# on 2 CPU cores, where the default shape had not started copying tool results after 400.
TOOL_POLICY = TinyPolicyConfig(layers=2, ffn_size=256, sft_batch_size=32, sft_learning_rate=3e-3, check_every=10,
                               n_validation=50, sft_max_steps=1000)
# Games (`envs.games`): a game is solved only when every move is right, so sampled at temperature 1 the errors
# compound over its ~7 moves. At the tool target (greedy 0.3) number_search's sampled pass@1 was 0.15, within 0.05 of
# greedy, and GRPO, which mostly sharpens the policy toward what greedy already does (the tool demos gained up to
# greedy-before and a little more), gained +0.02 in 100 steps: the deep moves were barely learned, so no sample found
# them. From greedy 0.6 (pass@1 0.47) it gained +0.163 in 200 steps (bench/RESULTS.md). Checked every 20 steps: a
# check plays 50 games through the tool loop.
GAME_POLICY = replace(TOOL_POLICY, target_accuracy=0.6, check_every=20)
# Until a check finds some greedy answer right, the tool warm start measures only every this many steps: a check is
# seconds of tool-loop rollouts, and nothing is copied for the first ~250 steps. Once copying starts, accuracy climbs
# steeply (0.26 at step 300, 0.98 at 350 on one machine), so it checks every `check_every` steps and stops near the
# target instead of far above it, where GRPO would have little left to learn.
IDLE_CHECK_EVERY = 50


# The tool warm start's recipe, in a tool env's cache key: bump it when `eval.tool_policy.warm_start` trains
# differently, so a policy built the old way is not reused. 2: gradients clipped to norm 1 (unclipped, the default
# warm start stayed at greedy accuracy 0.000 to step 600 on AVX-512 kernels while AVX2 ones reached 0.56 at 550).
# 3: built on one intra-op thread (`one_thread`): on two threads the default start stayed at 0.000-0.080 to step 650
# on the AVX-512 machine where one thread (the tests) reached 0.98 at step 350; and checked every 10 steps once it
# starts copying (`IDLE_CHECK_EVERY`), where a check every 50 stopped at 0.98 and left GRPO a start at pass@1 0.81.
TOOL_WARM_START = 3


def default_config(env: Any) -> TinyPolicyConfig:
    """`GAME_POLICY` for a game env, `TOOL_POLICY` for another env with tools, `TinyPolicyConfig()` for the rest."""
    factory = getattr(env, "environment_factory", None)
    if factory is None:
        return TinyPolicyConfig()
    return GAME_POLICY if is_game(factory) else TOOL_POLICY


def policy_dir(env: Any, config: TinyPolicyConfig | None = None, root: Path | None = None) -> Path:
    """The cache directory for this (env, config) pair (``config`` defaults to `default_config`)."""
    config = config or default_config(env)
    recipe = {"tool_warm_start": TOOL_WARM_START} if getattr(env, "environment_factory", None) is not None else {}
    key = json.dumps({"config": asdict(config), "env": env.fingerprint(), **recipe}, sort_keys=True)
    return (root or cache_root()) / "policies" / f"{env.id}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def build_or_load(env: Any, config: TinyPolicyConfig | None = None, root: Path | None = None) -> Path:
    """Return the directory of the warm-started tiny policy for ``env``, building it on the first call."""
    config = config or default_config(env)
    target = policy_dir(env, config, root)
    if (target / "policy.json").exists():
        logger.info("Using cached warm-started policy %s", target)
        if (missed := missed_target(json.loads((target / "policy.json").read_text()))) is not None:
            logger.warning("The cached policy %s %s", target, missed)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=target.parent, prefix=".build-"))
    try:
        with one_thread():
            model, tokenizer, report = _build(env, config, work)
            report["threads"] = torch.get_num_threads()
        model.save_pretrained(work)
        tokenizer.save_pretrained(work)
        report["reached_target"] = report["validation_greedy_accuracy"] >= config.target_accuracy
        record = {"config": asdict(config), "env": env.describe(), **report}
        if (missed := missed_target(record)) is not None:
            logger.warning("The warm start of env %r %s", env.id, missed)
        (work / "policy.json").write_text(json.dumps(record, indent=2, default=str))
        shutil.rmtree(target, ignore_errors=True)
        work.rename(target)  # atomic: a crashed build never leaves a half-written cache entry
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


@contextmanager
def one_thread() -> Iterator[None]:
    """Run the block on one intra-op thread, then restore the count: a warm start's float sums then come out the
    same on a machine whatever its core count (train.py on 16 cores, the tests on one thread each)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def load_policy(env: Any, config: TinyPolicyConfig | None = None, root: Path | None = None) -> tuple[Any, Any]:
    """The embedded warm-started policy for ``env`` as ``(model, tokenizer)``, ready for ``GRPOTrainer`` and
    `eval.evaluate`: built and cached on first use (`build_or_load`); for a tool env the tokenizer has the tool chat
    template and the response template TRL parses tool calls with (`eval.tool_policy.add_tool_template`)."""
    return load_causal_lm(str(build_or_load(env, config, root)))


def missed_target(record: dict[str, Any]) -> str | None:
    """What a policy's ``policy.json`` says when its warm start stopped below its target accuracy, else None."""
    if record.get("reached_target", True):
        return None
    config = record.get("config", {})
    return (f"stopped below its target: greedy accuracy {record.get('validation_greedy_accuracy', 0.0):.3f} < "
            f"{config.get('target_accuracy', 0.0):.2f} after {record.get('sft_steps')} of at most "
            f"{config.get('sft_max_steps')} steps (on this machine, or at this seed). It is used as it is: a weaker "
            "start gives GRPO less signal, so results may fall short of the documented ones. For a longer warm "
            "start: eval.policy.build_or_load(env, dataclasses.replace(default_config(env), sft_max_steps=N)), "
            "then pass its directory as --model.")


def train_tokenizer(texts: list[str], vocab_size: int) -> PreTrainedTokenizerFast:
    """A byte-level BPE tokenizer trained on ``texts``, one token per digit (arithmetic stays learnable)."""
    tok = Tokenizer(models.BPE())
    # Each digit, each punctuation mark and each LaTeX command ("\\boxed{") is a piece of its own, so prompt and answer
    # never share a token and digits stay one per token (arithmetic stays learnable).
    pieces = pre_tokenizers.Split(Regex(r"\\[A-Za-z]+\{?|\d|[^\w\s]"), behavior="isolated")
    tok.pre_tokenizer = pre_tokenizers.Sequence([pieces,
                                                 pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=[EOS, PAD], show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(texts, trainer=trainer)
    return PreTrainedTokenizerFast(tokenizer_object=tok, eos_token=EOS, pad_token=PAD, padding_side="left")


def build_model(tokenizer: PreTrainedTokenizerFast, config: TinyPolicyConfig) -> LlamaForCausalLM:
    """A randomly initialised Llama-shaped causal LM sized by ``config``."""
    torch.manual_seed(config.seed)
    model = LlamaForCausalLM(_llama_config(tokenizer, config))
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    return model


def build_classifier(tokenizer: PreTrainedTokenizerFast, config: TinyPolicyConfig) -> LlamaForSequenceClassification:
    """A randomly initialised Llama-shaped sequence classifier with one output (a reward model), sized by ``config``."""
    torch.manual_seed(config.seed)
    return LlamaForSequenceClassification(_llama_config(tokenizer, config, num_labels=1))


def _llama_config(tokenizer: PreTrainedTokenizerFast, config: TinyPolicyConfig, **extra: Any) -> LlamaConfig:
    return LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=config.hidden_size, intermediate_size=config.ffn_size,
        num_hidden_layers=config.layers, num_attention_heads=config.heads, num_key_value_heads=config.heads,
        max_position_embeddings=256, tie_word_embeddings=True, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, bos_token_id=None, tokenizer_class="TokenizersBackend", **extra,  # type: ignore[call-arg]  # a PretrainedConfig field
    )


def _build(env: Any, config: TinyPolicyConfig, out: Path) -> tuple[Any, Any, dict[str, Any]]:
    if getattr(env, "environment_factory", None) is not None:
        return _build_tool_policy(env, config)
    if "reference" not in env.train.column_names:
        raise rewards.RlvrError(
            f"Env {env.id!r} has no 'reference' column, so no tiny policy can be warm-started for it; "
            "pass --model with a pretrained causal LM."
        )
    prompts = [p if isinstance(p, str) else p[-1]["content"] for p in env.train["prompt"]]
    tokenizer = train_tokenizer([p + r for p, r in zip(prompts, env.train["reference"])], config.vocab_size)
    model = build_model(tokenizer, config)
    n_val = min(config.n_validation, len(env.train) // 10)
    validation = env.train.select(range(len(env.train) - n_val, len(env.train)))
    sft_data = Dataset.from_dict({"prompt": prompts[: len(env.train) - n_val],
                                  "completion": env.train["reference"][: len(env.train) - n_val]})
    stopper = _StopAtAccuracy(env, validation, tokenizer, config)
    started = time.time()
    supervised_finetune(model, tokenizer, sft_data, out / "sft", max_steps=config.sft_max_steps,
                        batch_size=config.sft_batch_size, learning_rate=config.sft_learning_rate, seed=config.seed,
                        callbacks=[stopper])
    shutil.rmtree(out / "sft", ignore_errors=True)
    n_params = sum(p.numel() for p in model.parameters())
    logger.info("warm start: %d SFT steps in %.0fs, greedy accuracy %.3f on %d validation problems (target %.2f)",
                stopper.step, time.time() - started, stopper.accuracy, len(validation), config.target_accuracy)
    return model, tokenizer, {"n_parameters": n_params, "sft_steps": stopper.step, "sft_seconds": time.time() - started,
                              "validation_greedy_accuracy": stopper.accuracy}


def supervised_finetune(model: Any, tokenizer: Any, data: Dataset, output_dir: str | Path, *, max_steps: int,
                        batch_size: int, learning_rate: float, seed: int = 0,
                        callbacks: list[TrainerCallback] | None = None) -> Any:
    """Train ``model`` on ``data`` (``prompt`` / ``completion`` columns, loss on the completion) with TRL's
    `SFTTrainer`, constant learning rate, one quiet progress bar; returns the trainer after training."""
    args = SFTConfig(
        output_dir=str(output_dir), max_steps=max_steps, per_device_train_batch_size=batch_size,
        learning_rate=learning_rate, lr_scheduler_type="constant", logging_steps=max_steps, save_strategy="no",
        report_to="none", seed=seed, use_cpu=not torch.cuda.is_available(), bf16=False, max_length=128,
        dataset_num_proc=None, disable_tqdm=False,
    )
    shown = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()  # SFTTrainer's tokenize/label/truncate passes would add four more bars
    try:
        trainer = SFTTrainer(model=model, args=args, train_dataset=data, processing_class=tokenizer,
                             callbacks=callbacks or [])
    finally:
        if shown:
            datasets.enable_progress_bars()
    trainer.remove_callback(ProgressCallback)  # it prints every log dict beside the bar
    trainer.add_callback(_QuietProgress())
    trainer.train()
    return trainer


def _build_tool_policy(env: Any, config: TinyPolicyConfig) -> tuple[Any, Any, dict[str, Any]]:
    """A tool env's policy: warm-started on synthetic tool-use traces (`eval.tool_policy`) until greedy accuracy,
    measured through the tool loop on a held-out slice of the train split, reaches ``target_accuracy``. For a mixture
    with tool envs, every row in one warm start (a plain env's row on its reference), each judged in its own env."""
    from eval.tool_policy import add_tool_template, tool_model, trace_texts, warm_start, warm_start_traces

    traces, tools = warm_start_traces(env)
    n_val = min(config.n_validation, len(env.train) // 10)
    validation = env.train.select(range(len(env.train) - n_val, len(env.train)))
    tokenizer = add_tool_template(train_tokenizer(trace_texts(traces), config.vocab_size))
    # A rollout as long as the env trains with (a game's moves and replies), and at least a call and its answer.
    tokens, turns = settings.resolve(env, None, settings.FROM_ENV)
    tokens, turns = max(TOOL_TOKENS, tokens), max(settings.MAX_TOOL_TURNS, turns or 0)
    model = tool_model(tokenizer, config, max_positions=max(512, tokens + 256))
    judge = rewards.get(env.rewards[0])
    accuracy = {"step": 0, "value": 0.0}

    def reached(step: int) -> bool:
        if accuracy["value"] == 0.0 and step % IDLE_CHECK_EVERY and step < config.sft_max_steps:
            return False  # the last step is always measured: policy.json records where the start ended
        passed = sum(_greedy_passes(model, tokenizer, factory, rows, judge, config.seed, tokens, turns)
                     for factory, rows in _by_environment(env, validation))
        accuracy.update(step=step, value=passed / len(validation))
        logger.info("tool warm start step %d/%d: greedy accuracy %.3f on %d validation problems (target %.2f)", step,
                    config.sft_max_steps, accuracy["value"], len(validation), config.target_accuracy)
        return accuracy["value"] >= config.target_accuracy

    started = time.time()
    warm_start(model, tokenizer, traces[: len(traces) - n_val], tools[: len(traces) - n_val], config.sft_max_steps,
               batch_size=config.sft_batch_size, learning_rate=config.sft_learning_rate, seed=config.seed,
               stop=reached, check_every=config.check_every)
    logger.info("tool warm start: %d steps in %.0fs, greedy accuracy %.3f on %d validation problems (target %.2f)",
                accuracy["step"], time.time() - started, accuracy["value"], n_val, config.target_accuracy)
    return model, tokenizer, {"n_parameters": sum(p.numel() for p in model.parameters()),
                              "sft_steps": accuracy["step"], "sft_seconds": time.time() - started,
                              "validation_greedy_accuracy": accuracy["value"], "tool_warm_start": TOOL_WARM_START}


def _by_environment(env: Any, rows: Dataset) -> list[tuple[Any, Dataset]]:
    """``rows`` grouped by the environment class they roll out in: one group for a tool env, one per
    ``environment`` of a mixture."""
    factories = env.environment_factory
    if not isinstance(factories, dict):
        return [(factories, rows)]
    names = rows["environment"]
    groups = [(factory, [i for i, n in enumerate(names) if n == name]) for name, factory in factories.items()]
    return [(factory, rows.select(index)) for factory, index in groups if index]


def _greedy_passes(model: Any, tokenizer: Any, factory: Any, rows: Dataset, judge: Any, seed: int,
                   tokens: int = TOOL_TOKENS, turns: int = 4) -> int:
    """How many ``rows`` a greedy rollout of ``tokens`` and ``turns`` tool turns passes: through the tool loop, or
    single-turn for an environment with no tools (as evaluation runs a mixture's plain env)."""
    from eval.tool_loop import ToolSampler

    if tool_names(factory):
        sampler = ToolSampler(model, tokenizer, factory, max_new_tokens=tokens, max_turns=turns)
        samples = sampler(rows["prompt"], 1, True, seed)
    else:
        samples = generate(model, tokenizer, rows["prompt"], 1, greedy=True, max_new_tokens=TOOL_TOKENS,
                           desc="validate")
    scores, _ = score(judge, rows, samples)
    return sum(passes(s[0]) for s in scores)


class _QuietProgress(ProgressCallback):
    """TRL's progress bar without the metrics dict it prints on every log: one bar, then train.py's closing line."""

    def on_log(self, args: Any, state: Any, control: Any, logs: Any = None, **kwargs: Any) -> None:
        pass


class _StopAtAccuracy(TrainerCallback):
    """Stops SFT once greedy accuracy on the validation slice reaches the target."""

    def __init__(self, env: Any, validation: Dataset, tokenizer: Any, config: TinyPolicyConfig) -> None:
        self.reward = rewards.get(env.rewards[0])
        self.validation, self.tokenizer, self.config = validation, tokenizer, config
        self.accuracy, self.step = 0.0, 0

    def on_step_end(self, args: Any, state: Any, control: Any, model: Any = None, **kwargs: Any) -> Any:
        if state.global_step % self.config.check_every:
            return control
        model.eval()
        samples = generate(model, self.tokenizer, self.validation["prompt"], 1, greedy=True, max_new_tokens=16,
                           desc="validate")
        model.train()
        scores, _ = score(self.reward, self.validation, samples)
        self.accuracy, self.step = sum(passes(s[0]) for s in scores) / len(scores), state.global_step
        logger.debug("warm start step %d: greedy accuracy %.3f", state.global_step, self.accuracy)
        control.should_training_stop = self.accuracy >= self.config.target_accuracy
        return control


def check_model(model: str, flag: str = "--model") -> None:
    """Fail fast on a model that cannot load: a missing local path, a directory without ``config.json``, or a hub
    id that is not cached while the hub is offline or gives no answer (`eval.hub`). Reads no weights; a cached hub id
    with no hub answering turns the process to offline mode."""
    path = Path(model).expanduser()
    fix = (f"Pass a model directory saved with save_pretrained (train.py writes OUTPUT_DIR/model) or a hub id such "
           f"as 'Qwen/Qwen2.5-0.5B-Instruct'; leave {flag} out for the embedded tiny policy.")
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise rewards.RlvrError(f"{flag} {model!r} is a directory without config.json, so it holds no model. "
                                    f"{fix}")
        return
    if path.exists() or model.startswith((".", "/", "~")) or model.count("/") > 1 or "\\" in model:
        raise rewards.RlvrError(f"{flag} {model!r} is not a model directory (no such directory). {fix}")
    from huggingface_hub import constants, try_to_load_from_cache

    if isinstance(try_to_load_from_cache(model, "config.json"), str):
        offline_if_unreachable(model)  # cached: it loads from the cache, with no retries, when no hub answers
        return
    fix = "Download it where there is network, or pass a local directory."
    if constants.HF_HUB_OFFLINE:
        raise rewards.RlvrError(f"{flag} {model!r} is neither a local directory nor in the hub cache, and the hub is "
                                f"offline (HF_HUB_OFFLINE=1). {fix}")
    if (reason := hub_unreachable()) is not None:  # seconds, where the loader's retries would take a minute
        raise rewards.RlvrError(f"{flag} {model!r} is neither a local directory nor in the hub cache, and the hub is "
                                f"unreachable: {reason}. {fix}")


def load_causal_lm(path: str, dtype: str | None = None) -> tuple[Any, Any]:
    """A causal LM and its tokenizer from ``path`` (a directory or hub id), with a pad token.

    Raises:
        RlvrError: ``path`` does not load as a causal LM (the message quotes the loader's error).
    """
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if not Path(path).is_dir():
        offline_if_unreachable(path)
    try:
        tokenizer = AutoTokenizer.from_pretrained(path)
        model = AutoModelForCausalLM.from_pretrained(path, **({"dtype": dtype} if dtype else {}))
    except (OSError, ValueError) as e:
        raise rewards.RlvrError(f"Cannot load --model {path!r} as a causal LM: {type(e).__name__}: {e}") from e
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


def check_buildable(env: Any, num_processes: int) -> None:
    """Raise unless the embedded policy for ``env`` is built or can be built here: its SFT warm start cannot run
    on one rank while the others wait."""
    if num_processes > 1 and not (policy_dir(env) / "policy.json").exists():
        raise rewards.RlvrError(
            f"The embedded policy for env {env.id!r} is not built yet and {num_processes} processes cannot build it "
            "together: run the same command once with plain `python train.py ... --max_steps 1` to build and cache "
            "it, or pass --model."
        )
