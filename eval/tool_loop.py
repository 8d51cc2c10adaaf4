"""Evaluation rollouts for tool envs, run by TRL's own tool loop: generate, run the tool calls, generate again.

`ToolSampler` is an `eval.harness.Sampler`, so `eval.evaluate` scores its rollouts with the env's rewards like any
other samples; the text it returns per rollout is the final assistant message (what the rewards read in training).

There is one implementation of the tool semantics, TRL's. TRL 1.16 offers no public entry point to the loop of
``GRPOTrainer`` outside training, so `_TrainerLoop` carries exactly the state three of its methods read and runs
them as they are: ``_tokenize_prompts`` (each prompt rendered with its environment's tools), ``_tool_call_loop``
(calls parsed by `parse_response`, an unknown tool or one that raises answered with ``{'error': ...}`` and counted
as a failure, results appended with the chat template's own tool-turn tokens from ``_get_tool_suffix_ids``, a
rollout whose tool turn would pass the token budget stopped there, at most ``max_turns`` generations after the
first). What is ours is generation (`eval.harness` sampling settings, greedy or sampled, instead of the trainer's
``GenerationConfig``) and the per-rollout environment set-up TRL does inline in ``_generate_and_score_completions``
(an instance per rollout, ``reset`` first, its observation appended to the prompt). `tests/eval/test_tool_loop.py`
checks that `_TrainerLoop` provides every attribute those methods read, so a TRL that reads more fails a test, not
an evaluation.

With ``withhold_tools=True`` the same model answers the same prompts with no tools: the prompt is rendered without
them (no tool preamble), nothing is executed, and the rollout is the first message's text (a tool call it still
writes is dropped, as TRL would leave it unanswered), judged by the same rewards. Set beside a tool run, it shows
what the tool adds (train.py's ``without_tools`` rows).

Each rollout's environment is reset with its dataset row, as TRL resets it in training (the harness hands a tool
sampler the rows; given bare prompts it resets with ``prompt=`` alone). An environment that scores its own rollout
(``_episode_reward``, `rewards.env_reward`: an OpenEnv environment) is kept in the `Samples` for the rewards, as TRL
hands its rewards ``environments=``; its episode is judged and its session closed (``_settle``) as soon as its
rollout ends, so a served environment holds no more sessions than one batch of rollouts.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import torch

from envs.tools import tool_names
from envs.tools.boundary import clean_tool_turns, guard_parser
from eval.samples import Samples
from rewards.errors import RlvrError

# The GRPOTrainer methods evaluation runs unchanged; `_TrainerLoop` holds what they read from the trainer.
TRL_METHODS = ("_tokenize_prompts", "_tool_call_loop", "_get_tool_suffix_ids")


class ToolSampler:
    """Rollouts with tools for `eval.evaluate`; ``stats`` counts rollouts, tool calls, failures and turns."""

    def __init__(self, model: Any, tokenizer: Any, environment_factory: Any, *, temperature: float = 1.0,
                 top_p: float = 1.0, max_new_tokens: int = 64, max_turns: int | None = 4,
                 withhold_tools: bool = False) -> None:
        if max_turns is not None and max_turns < 0:
            raise ValueError(f"max_turns is the number of tool turns after the first generation (>= 0, or None for "
                             f"no limit, as TRL's max_tool_calling_iterations), got {max_turns}")
        if not withhold_tools and tokenizer is not None:
            _check_tool_template(tokenizer)
        self.model, self.tokenizer, self.factory = model, guard_parser(tokenizer), environment_factory
        self.temperature, self.top_p = temperature, top_p
        self.max_new_tokens = max_new_tokens
        self.max_turns = 0 if withhold_tools else sys.maxsize if max_turns is None else max_turns
        self.withhold_tools = withhold_tools
        # In the cache signature (`eval.harness`): rollouts with another turn limit are other rollouts.
        self.backend = ("hf, tools withheld" if withhold_tools else "hf+tools" if max_turns is None
                        else f"hf+tools, at most {max_turns} tool turns")
        self.stats: Counter = Counter()

    def summary(self) -> dict[str, float]:
        """Per-rollout rates over everything sampled so far (TRL's ``tools/failure_frequency`` is failures/calls).

        ``rollouts_with_calls`` counts rollouts whose first message calls a tool, also when the tools are withheld
        (the call is then not run).
        """
        s, rollouts = self.stats, max(1, self.stats["rollouts"])
        return {"rollouts": s["rollouts"], "calls_per_rollout": s["calls"] / rollouts,
                "rollouts_with_calls": s["rollouts_with_calls"] / rollouts,
                "failure_rate": s["failures"] / s["calls"] if s["calls"] else 0.0,
                "tool_error_rate": s["tool_errors"] / s["calls"] if s["calls"] else 0.0,
                "turns_per_rollout": s["turns"] / rollouts}

    @torch.inference_mode()
    def __call__(self, prompts: Sequence[Any], n: int, greedy: bool, seed: int) -> Samples:
        from trl.chat_template_utils import parse_response

        torch.manual_seed(seed)
        rows = [p if isinstance(p, dict) else {"prompt": p} for p in prompts for _ in range(n)]
        conversations = [list(row["prompt"]) for row in rows]
        envs = [] if self.withhold_tools else [self.factory() for _ in conversations]
        if envs:
            conversations = [_reset(env, row, conv) for env, row, conv in zip(envs, rows, conversations)]
        loop = _TrainerLoop(self, envs, greedy, len(conversations))
        prompt_ids, _, _ = loop._tokenize_prompts(conversations)
        completion_ids, _ = loop._generate_single_turn(prompt_ids, None, {}, 1)
        tools = loop._env_tools[None]
        completions = [[parse_response(self.tokenizer, ids, prefix=p, tools=tools)]
                       for ids, p in zip(completion_ids, prompt_ids)]
        first_calls = sum(bool(c[0].get("tool_calls")) for c in completions)
        calls = failures = 0
        if envs:
            _, completions, completion_ids, _, calls, failures, _ = loop._tool_call_loop(
                [list(c) for c in conversations], prompt_ids, completion_ids, completions, None, None, {})
        self.stats.update(rollouts=len(completions), rollouts_with_calls=first_calls, calls=calls, failures=failures,
                          turns=sum(_assistant_turns(c) for c in completions),
                          tool_errors=sum(_tool_errors(env) for env in envs))
        texts = [_final_text(c) for c in completions]  # withheld tools: a call is not an answer, only its text counts
        judging = envs if envs and callable(getattr(envs[0], "_episode_reward", None)) else []  # one factory
        for env, text in zip(judging, texts):
            if callable(settle := getattr(env, "_settle", None)):
                settle(text)
        per_problem = range(len(prompts))
        return Samples([texts[j * n:(j + 1) * n] for j in per_problem],
                       [completion_ids[j * n:(j + 1) * n] for j in per_problem],
                       [judging[j * n:(j + 1) * n] for j in per_problem] if judging else None)

    def generate(self, inputs: list[list[int]], greedy: bool, budget: int) -> list[list[int]]:
        """One completion per input (left-padded batch) of at most ``budget`` tokens, cut after EOS."""
        tok, model = self.tokenizer, self.model
        width = max(map(len, inputs))
        pad = tok.pad_token_id
        ids = torch.tensor([[pad] * (width - len(x)) + x for x in inputs], device=model.device)
        mask = torch.tensor([[0] * (width - len(x)) + [1] * len(x) for x in inputs], device=model.device)
        out = model.generate(input_ids=ids, attention_mask=mask, do_sample=not greedy, max_new_tokens=budget,
                             temperature=None if greedy else self.temperature, top_k=None,
                             top_p=None if greedy or self.top_p >= 1.0 else self.top_p,
                             pad_token_id=pad, eos_token_id=tok.eos_token_id)
        rows = [row[:budget] for row in out[:, width:].tolist()]
        return [row[: row.index(tok.eos_token_id) + 1] if tok.eos_token_id in row else row for row in rows]


class _TrainerLoop:
    """What `TRL_METHODS` read from a ``GRPOTrainer``, for one batch of evaluation rollouts (one env per rollout).

    Not a trainer: it holds the tokenizer, the budget, each rollout's tool methods and a generate step that samples
    as the `ToolSampler` says; TRL's methods, bound below, do the rest exactly as in training.
    """

    use_vllm, vllm_mode, _is_vlm, chat_template = False, None, False, None
    environment_factories = {None: None}  # one unnamed environment for every rollout, as TRL stores a single factory
    # TRL_METHODS, bound to this object in __init__.
    _tokenize_prompts: Callable[..., Any]
    _tool_call_loop: Callable[..., Any]
    _get_tool_suffix_ids: Callable[[list[dict[str, Any]]], list[int]]

    def __init__(self, sampler: ToolSampler, envs: list[Any], greedy: bool, rollouts: int) -> None:
        from trl import GRPOTrainer

        missing = [name for name in TRL_METHODS if not callable(getattr(GRPOTrainer, name, None))]
        if missing:
            import trl

            raise RlvrError(f"trl {trl.__version__} has no GRPOTrainer.{', .'.join(missing)}: evaluating a tool env "
                            "runs TRL's own tool loop, written against trl 1.16; install trl 1.16.x.")
        self._sampler, self._greedy = sampler, greedy
        self.processing_class = self._tokenizer = sampler.tokenizer
        self.chat_template_kwargs: dict[str, Any] = {}
        self.max_completion_length = sampler.max_new_tokens
        self.max_tool_calling_iterations = sampler.max_turns
        config = getattr(sampler.model, "config", None)
        self.model = SimpleNamespace(config=SimpleNamespace(
            max_position_embeddings=getattr(config, "max_position_embeddings", sys.maxsize)))
        methods = [[getattr(env, name) for name in tool_names(type(env))] for env in envs]
        self._env_tools = {None: methods[0] if methods else []}
        self.tools = list(self._env_tools[None])
        self._batch_environments = [None] * rollouts
        self._sync_tool_dicts = [{m.__name__: m for m in ms if not inspect.iscoroutinefunction(m)} for ms in methods]
        self._async_tool_dicts = [{m.__name__: m for m in ms if inspect.iscoroutinefunction(m)} for ms in methods]
        self.async_loop = _async_loop() if any(self._async_tool_dicts) else None
        for name in TRL_METHODS:
            setattr(self, name, getattr(GRPOTrainer, name).__get__(self))
        trl_suffix_ids = self._get_tool_suffix_ids
        # As training.trainer.GRPOTrainer does: what TRL wrote from the model's call (an unknown tool's name) is
        # cleaned before TRL tokenizes the turn.
        self._get_tool_suffix_ids = lambda messages: trl_suffix_ids(clean_tool_turns(messages))

    def _generate_single_turn(self, prompt_ids: list[list[int]], images: Any, multimodal_fields: dict[str, Any],
                              num_generations: int, has_tool_images: bool = False) -> tuple[list[list[int]], None]:
        """TRL's generation hook: one completion per prompt, up to the whole budget (TRL trims the excess)."""
        return self._sampler.generate(prompt_ids, self._greedy, self.max_completion_length), None


def _check_tool_template(tokenizer: Any) -> None:
    """A tool rollout needs a chat template that renders tool calls and a response template TRL parses them with."""
    from trl.chat_template_utils import supports_tool_calling

    if not supports_tool_calling(tokenizer) or getattr(tokenizer, "response_template", None) is None and \
            getattr(tokenizer, "response_schema", None) is None:
        raise RlvrError(f"The tokenizer ({type(tokenizer).__name__}, {getattr(tokenizer, 'name_or_path', '')!r}) "
                        "cannot run tool calls: its chat template must render tool calls and it needs a response "
                        "template TRL parses them with. For the embedded policy: eval.policy.load_policy(env); for a "
                        "hub chat model: trl.chat_template_utils.add_response_schema(tokenizer) (Qwen2.5/3, Llama "
                        "3.1/3.2 ...); docs/tools.md.")


@functools.cache
def _async_loop() -> Any:
    """One event loop on a daemon thread for async tools, as TRL's trainer keeps one (started on first use)."""
    from trl.trainer.utils import start_event_loop_in_daemon

    _, loop, ready = start_event_loop_in_daemon(name="rlvr-kit-eval-tools")
    ready.wait()
    return loop


def _reset(env: Any, row: dict[str, Any], conversation: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``env`` reset with the rollout's ``row``; its ``conversation`` with the observation, as TRL appends it."""
    observation = env.reset(**row)
    if not isinstance(observation, str):
        return conversation
    last = conversation[-1]
    return conversation[:-1] + [{**last, "content": last["content"] + observation}]


def _assistant_turns(messages: list[dict[str, Any]]) -> int:
    return sum(m.get("role") == "assistant" for m in messages)


def _tool_errors(env: Any) -> int:
    stats = getattr(env, "stats", None)
    return int(stats.get("errors", 0)) if isinstance(stats, dict) else 0


def _final_text(messages: list[dict[str, Any]]) -> str:
    assistant = [m for m in messages if m.get("role") == "assistant"]
    content = assistant[-1].get("content") if assistant else ""
    return content if isinstance(content, str) else ""
