"""A tiny tool-calling policy, offline: a compact chat template TRL can parse, synthetic tool-use traces, a warm start.

TRL's tool loop needs a tokenizer whose chat template renders ``user -> assistant(tool_calls) -> tool`` and a
response template that parses the model's tool calls back (`trl.chat_template_utils.supports_tool_calling`,
``tokenizer.response_template``). Qwen3's template does both but writes a tool preamble of hundreds of tokens into
every prompt; `TOOL_CHAT_TEMPLATE` keeps Qwen3's surface (``<|im_start|>``, ``<tool_call>{json}</tool_call>``,
``<tool_response>``) with a one-line preamble, so TRL's own Qwen3 response template parses it.

`tool_traces` writes the conversations a tool user would have on an env's train split (call the tool on the
question, read the result, answer in ``\\boxed{}``; a game's reference policy playing it out), running the env's real
tool for each result. `warm_start` fits a model to them with the loss on assistant tokens only, as TRL masks tool
output in GRPO.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import torch
from tqdm.auto import tqdm
from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

from envs.tools import tool_names
from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

IM_START, IM_END = "<|im_start|>", "<|im_end|>"
SPECIAL_TOKENS = [IM_START, IM_END, "<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>"]

TOOL_CHAT_TEMPLATE = (
    "{% if tools %}<|im_start|>system\nTools:"
    "{% for tool in tools %} {{ (tool.function if tool.function is defined else tool).name }}{% endfor %}"
    "<|im_end|>\n{% endif %}"
    "{% for m in messages %}"
    "{% if m.role == 'tool' %}<|im_start|>tool\n<tool_response>{{ m.content }}</tool_response><|im_end|>\n"
    "{% elif m.role == 'assistant' %}<|im_start|>assistant\n{{ m.content or '' }}"
    "{% for call in m.tool_calls or [] %}{% set f = call.function if call.function is defined else call %}"
    "<tool_call>{\"name\": \"{{ f.name }}\", \"arguments\": "
    "{{ f.arguments if f.arguments is string else f.arguments | tojson }}}</tool_call>{% endfor %}<|im_end|>\n"
    "{% else %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endif %}"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def add_tool_template(tokenizer: PreTrainedTokenizerFast) -> PreTrainedTokenizerFast:
    """``tokenizer`` (e.g. from `eval.policy.train_tokenizer`) with the chat markers, `TOOL_CHAT_TEMPLATE` and its
    parser; ``<|im_end|>`` becomes its EOS."""
    from trl.chat_template_utils import qwen3_template

    tokenizer.add_special_tokens({"additional_special_tokens": SPECIAL_TOKENS})
    tokenizer.eos_token = IM_END  # a turn ends generation: TRL then runs the tools and generates again
    tokenizer.chat_template = TOOL_CHAT_TEMPLATE
    tokenizer.response_template = qwen3_template  # same surface as Qwen3: TRL's parser for it reads ours
    return tokenizer


def tool_model(tokenizer: PreTrainedTokenizerFast, config: Any, max_positions: int = 512) -> LlamaForCausalLM:
    """A randomly initialised Llama-shaped model for ``tokenizer``, sized by ``config`` (an
    `eval.policy.TinyPolicyConfig`), long enough for a few tool turns."""
    torch.manual_seed(config.seed)
    model = LlamaForCausalLM(LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=config.hidden_size, intermediate_size=config.ffn_size,
        num_hidden_layers=config.layers, num_attention_heads=config.heads, num_key_value_heads=config.heads,
        max_position_embeddings=max_positions, tie_word_embeddings=True, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, bos_token_id=None))
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    return model


def tool_traces(env: Any, n: int | None = None) -> list[list[dict[str, Any]]]:
    """Conversations on ``env``'s train split: one tool call on the question, its real result, the boxed answer.

    The call's argument is the ``question`` column (``print(question)`` for a ``python`` tool); the result comes
    from a fresh instance of the env's tool, reset on the row, exactly as in training.
    """
    factory = env.environment_factory
    if factory is None or isinstance(factory, dict):
        raise ValueError(f"env {env.id!r} is not one tool env (environment_factory {factory!r}); "
                         "`warm_start_traces` also takes mixtures")
    instance = factory()
    own = callable(getattr(instance, "_reference_trace", None))  # a game plays its own reference episodes
    if not own and (missing := sorted({"question", "answer"} - set(env.train.column_names))):
        raise RlvrError(f"Env {env.id!r} has no {missing} columns, so no tiny tool policy can be warm-started on it "
                        "(an OpenEnv env's problems are its episodes); pass --model with a tool-calling causal LM "
                        "(docs/openenv.md).")
    return [_tool_trace(instance, row) for row in env.train.select(range(min(n or len(env.train), len(env.train))))]


def warm_start_traces(env: Any, n: int | None = None) -> tuple[list[list[dict[str, Any]]], list[list[Any]]]:
    """The warm-start conversations on ``env``'s train split and the tools each one's prompt is rendered with.

    A tool env gives its `tool_traces`. A mixture with tool envs gives one per row, as TRL routes it by its
    ``environment`` column: a tool env's row its tool trace (that env's tools), a plain env's row its prompt and
    ``reference`` answer (no tools), so the policy learns both in one warm start.
    """
    factories = env.environment_factory
    if not isinstance(factories, dict):
        traces = tool_traces(env, n)
        return traces, [_tools(env.environment_factory)] * len(traces)
    instances = {name: factory() for name, factory in factories.items()}
    traces, tools = [], []
    for row in env.train.select(range(min(n or len(env.train), len(env.train)))):
        instance = instances[row["environment"]]
        if tool_names(type(instance)):
            traces.append(_tool_trace(instance, row))
        elif row.get("reference") is not None:
            traces.append([*row["prompt"], {"role": "assistant", "content": row["reference"]}])
        else:
            raise RlvrError(f"Env {row['task']!r} of the mixture {env.id!r} has no tools and no 'reference' "
                            "column, so no tiny policy can be warm-started on its rows; pass --model with a "
                            "pretrained causal LM.")
        tools.append(_tools(type(instance), instance))
    return traces, tools


def _tools(factory: type, instance: Any = None) -> list[Any]:
    instance = factory() if instance is None else instance
    return [getattr(instance, name) for name in tool_names(factory)]


def _tool_trace(instance: Any, row: dict[str, Any]) -> list[dict[str, Any]]:
    """One call of the environment's first tool on the row's ``question``, its real result, the boxed answer; for an
    environment with a reference policy of its own (a game, `envs.games`), that policy's whole episode."""
    if callable(getattr(instance, "_reference_trace", None)):
        return instance._reference_trace({k: v for k, v in row.items() if k != "environment"})
    name = tool_names(type(instance))[0]
    question = row["question"]
    arguments = {"code": f"print({question})"} if name == "python" else {"expression": question}
    instance.reset(**{k: v for k, v in row.items() if k != "environment"})  # as TRL resets a routed row
    result = getattr(instance, name)(**arguments)
    call = {"type": "function", "function": {"name": name, "arguments": arguments}}
    return [*row["prompt"], {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "name": name, "content": result},
            {"role": "assistant", "content": f"\\boxed{{{row['answer']}}}"}]


def encode_trace(tokenizer: Any, messages: list[dict[str, Any]], tools: list[Any]) -> tuple[list[int], list[int]]:
    """Token ids of a conversation and its labels: assistant turns learned, everything else ``-100``.

    Each turn is tokenized on its own and concatenated, as TRL builds a rollout (prompt + completion + tool suffix).
    """
    schema = tools or None  # as TRL renders a prompt with no tools: some templates write tool boilerplate for []
    ids: list[int] = []
    labels: list[int] = []
    rendered = ""
    for i, message in enumerate(messages):
        before = tokenizer.apply_chat_template(messages[:i], tools=schema, tokenize=False,
                                               add_generation_prompt=message["role"] == "assistant") if i else ""
        after = tokenizer.apply_chat_template(messages[: i + 1], tools=schema, tokenize=False)
        for text, learn in ((before[len(rendered):], False), (after[len(before):], message["role"] == "assistant")):
            piece = tokenizer(text, add_special_tokens=False)["input_ids"] if text else []
            ids += piece
            labels += piece if learn else [-100] * len(piece)
        rendered = after
    return ids, labels


def warm_start(model: Any, tokenizer: Any, traces: list[list[dict[str, Any]]], tools: list[Any], steps: int,
               batch_size: int = 32, learning_rate: float = 1e-3, seed: int = 0,
               stop: Callable[[int], bool] | None = None, check_every: int = 10,
               max_grad_norm: float | None = 1.0) -> list[float]:
    """Supervised steps on ``traces`` (assistant tokens only); the loss of each step. ``tools`` renders every trace,
    or is one tool list per trace (`warm_start_traces` of a mixture). ``stop(step)``, asked every ``check_every``
    steps with the model in eval mode, ends the warm start early when it returns True. Each step's gradient is
    clipped to norm ``max_grad_norm`` (None: not clipped), as `SFTTrainer` clips the plain warm start."""
    per_trace = bool(tools) and isinstance(tools[0], list)  # a tool is a callable or a JSON schema, never a list
    encoded = [encode_trace(tokenizer, t, tools[i] if per_trace else tools) for i, t in enumerate(traces)]
    generator = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)
    model.train()
    losses = []
    bar = tqdm(range(1, steps + 1), desc="tool warm start", unit="step", mininterval=2.0)
    for step in bar:
        batch = [encoded[int(i)] for i in torch.randint(len(encoded), (batch_size,), generator=generator)]
        width = max(len(ids) for ids, _ in batch)
        input_ids = torch.tensor([ids + [tokenizer.pad_token_id] * (width - len(ids)) for ids, _ in batch])
        labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab in batch])
        mask = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids, _ in batch])
        loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        optimizer.zero_grad()
        loss.backward()
        if max_grad_norm is not None:  # unclipped, lr 3e-3 from scratch hung on a loss spike on AVX-512 kernels
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_grad_norm)
        optimizer.step()
        losses.append(loss.item())
        if stop is not None and step % check_every == 0:
            model.eval()
            done = stop(step)
            model.train()
            if done:
                break
    bar.close()
    model.eval()
    return losses


def trace_texts(traces: list[list[dict[str, Any]]]) -> list[str]:
    """The text of every message and tool call in ``traces``, to train a tokenizer on."""
    return ["".join([str(m.get("content") or "") for m in t] +
                    [json.dumps({"name": c["function"]["name"], "arguments": c["function"]["arguments"]})
                     for m in t for c in m.get("tool_calls") or []]) for t in traces]
