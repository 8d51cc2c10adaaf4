"""A registered env as an OpenEnv ``Environment``: one episode is one problem of its train or eval split.

``reset(seed=..., split=..., task=...)`` picks the problem (``task``: its index in the split, else drawn from ``seed``,
else at random) and answers with its prompt as chat messages, the tools' JSON schemas (a tool env) and no reward. A
step names a ``tool`` and its ``arguments`` (a tool env: the tool runs in this session's own instance of the env's
``environment_factory`` class and its reply comes back, ``done`` false) or gives the answer as ``content``: the episode
ends and the env's rewards judge it, as GRPOTrainer would call them, with each reward's verdict (score, status,
detail) in the observation's metadata. The reward is TRL's: the weighted sum of the scores a reward gave (``None``:
no reward could score the answer).

The rewards are a rubric tree (`EnvRubric`, one `RewardRubric` per reward id) that an OpenEnv client introspects
(``named_rubrics``, ``last_score``); the splits are the env's tasks (OpenEnv's ``TaskProvider``: ``list_splits``,
``num_tasks``, ``get_task``...; a task shows its prompt, never its gold columns).

Limits: rewards that read ``completion_ids`` (token counts) get none here, the tokenizer is the trainer's; an
episode takes at most `MAX_TOOL_CALLS` tool calls (later ones are answered with an error and not run).
"""

from __future__ import annotations

import functools
import logging
import random
import threading
import uuid
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, cast

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import Action, EnvironmentMetadata, Observation, State
from openenv.core.rubrics import Rubric
from pydantic import Field

from envs.registration import Env
from envs.tools.boundary import ERROR_CHARS
from envs.tools.schema import tool_names
from rewards.protocol import Reward, RewardFn, Status, Verdict, as_verdict, call_like_trainer
from rewards.untrusted import clean

__all__ = ["MAX_TOOL_CALLS", "EnvRubric", "RewardRubric", "RlvrAction", "RlvrEnvironment", "RlvrObservation",
           "RlvrState", "ServedEnv"]

logger = logging.getLogger(__name__)

MAX_TOOL_CALLS = 32  # per episode: a session's transcript and tool time stay bounded whatever the client sends
SPLITS = ("train", "eval")
TASK_PREVIEW = 100  # tasks `list_tasks` shows; `num_tasks` gives the true count


class RlvrAction(Action):
    """One step: a tool call (``tool`` and its ``arguments``) or, with no tool, the answer in ``content``."""

    content: str = Field(default="", description="The assistant's message; the answer when no tool is named.")
    tool: str | None = Field(default=None, description="A tool of the env to call (see the observation's tools).")
    arguments: dict[str, Any] = Field(default_factory=dict, description="The tool's keyword arguments.")


class RlvrObservation(Observation):
    """The problem's prompt as chat messages, the tools, and the last tool's reply; reward and verdicts at the end."""

    prompt: list[dict[str, Any]] = Field(default_factory=list, description="The problem as chat messages.")
    tools: list[dict[str, Any]] = Field(default_factory=list, description="JSON schemas of the env's tools.")
    tool_reply: str | None = Field(default=None, description="What the tool called by the last step answered.")


class RlvrState(State):
    """Which env, split and task the episode is on, and how many tool calls it made."""

    env: str = ""
    split: str | None = None
    task: int | None = None
    tool_calls: int = 0
    done: bool = False


@dataclass
class ServedEnv:
    """What every session of one served env shares, read-only: the made env, its reward functions and weights."""

    env: Env
    funcs: list[RewardFn] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    open_sessions: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def of(cls, env: Env) -> ServedEnv:
        """The shared part of serving ``env``: its rewards built once, weighted as its spec says."""
        weights = env.spec.reward_weights or (1.0,) * len(env.rewards)
        return cls(env, env.reward_funcs(), [float(w) for w in weights])

    def opened(self, delta: int) -> None:
        """Count a session made (+1) or closed (-1)."""
        with self._lock:
            self.open_sessions += delta

    def split(self, name: str) -> Any:
        """The dataset of split ``name``; a `ValueError` naming the splits otherwise."""
        if name not in SPLITS:
            raise ValueError(f"Unknown split {name!r} of env {self.env.id!r}; the splits are {', '.join(SPLITS)}.")
        return self.env.train if name == "train" else self.env.eval

    def pick(self, split: str, seed: int | None, task: int | str | None) -> int:
        """The index of the problem an episode plays: ``task`` (an index or an id ``"eval-3"``), else one drawn from
        ``seed`` (the same seed, the same problem), else one at random."""
        n = len(self.split(split))
        if not n:
            raise ValueError(f"Env {self.env.id!r} has no problems in its {split!r} split.")
        if isinstance(task, str):
            task = _task_index(task, split)
        if task is not None:
            if not 0 <= task < n:
                raise IndexError(f"Task {task} is out of range: the {split!r} split of {self.env.id!r} has {n} tasks.")
            return task
        return random.Random(seed).randrange(n) if seed is not None else random.randrange(n)

    def task(self, split: str, index: int) -> dict[str, Any]:
        """Task ``index`` of ``split`` as a client sees it: its id, index and prompt (no gold column)."""
        data = self.split(split)
        if not 0 <= index < len(data):
            raise IndexError(f"Task {index} is out of range: the {split!r} split has {len(data)} tasks.")
        return {"id": f"{split}-{index}", "index": index, "prompt": chat(data[index]["prompt"])}


def _task_index(task: str, split: str) -> int:
    name, _, index = task.rpartition("-")
    if name != split or not index.isdigit():
        raise ValueError(f"A task id reads '{split}-<index>' (from get_task), got {task[:80]!r}.")
    return int(index)


def chat(prompt: Any) -> list[dict[str, Any]]:
    """A prompt as chat messages: a text prompt becomes one user message.

    >>> chat("2 + 2 =")
    [{'role': 'user', 'content': '2 + 2 ='}]
    """
    return [{"role": "user", "content": prompt}] if isinstance(prompt, str) else list(prompt)


def verdict_of(fn: RewardFn, prompt: Any, completion: Any, columns: dict[str, list[Any]]) -> Verdict | None:
    """How ``fn`` judges one completion, called with the keywords GRPOTrainer passes (no ``completion_ids``)."""
    if isinstance(fn, Reward):
        return fn.verdicts([completion], prompts=[prompt], **columns)[0]
    try:
        values, _ = call_like_trainer(fn, [prompt], [completion], [[]], columns, raw=True)
        return as_verdict(values[0])
    except Exception as e:  # a plain function that fails on an answer judged it no better than a wrong one
        return Verdict(0.0, Status.ERROR, f"{type(e).__name__}: {e}")


class RewardRubric(Rubric):
    """One reward of the env: its score for the episode's answer; ``verdict`` keeps the status and detail."""

    def __init__(self, fn: RewardFn, weight: float) -> None:
        super().__init__()
        self.fn, self.weight = fn, weight
        self.verdict: Verdict | None = None

    def forward(self, action: Any, observation: Any) -> float | None:
        """The reward's score of the answer bound by the parent `EnvRubric` (``None``: it cannot score it)."""
        prompt, completion, columns = self.judged
        self.verdict = verdict_of(self.fn, prompt, completion, columns)
        return None if self.verdict is None else self.verdict.score

    def reset(self) -> None:
        """Forget the last verdict."""
        self.verdict = None


class EnvRubric(Rubric):
    """The env's rewards as a rubric tree, one `RewardRubric` per reward id; scores as TRL sums them (weighted, a
    ``None`` left out; ``None`` when no reward scored)."""

    def __init__(self, funcs: list[RewardFn], weights: list[float]) -> None:
        super().__init__()
        for fn, weight in zip(funcs, weights):
            setattr(self, fn.__name__, RewardRubric(fn, weight))

    def bind(self, prompt: Any, completion: Any, columns: dict[str, list[Any]]) -> None:
        """The answer the next call judges, with its prompt and the problem's columns."""
        for child in self.children():
            child.judged = (prompt, completion, columns)

    def forward(self, action: Any, observation: Any) -> float | None:
        """The weighted sum of the children's scores."""
        scored = [(child.weight, child(action, observation)) for child in self.children()]
        kept = [w * s for w, s in scored if s is not None]
        return sum(kept) if kept else None

    def verdicts(self) -> dict[str, dict[str, Any] | None]:
        """Each reward's last verdict as plain data: score, status and detail (``None``: not scored)."""
        found: dict[str, dict[str, Any] | None] = {}
        for name, child in self.named_children():
            v = child.verdict
            found[name] = None if v is None else {"score": v.score, "status": v.status.value, "detail": v.detail}
        return found


class RlvrEnvironment(Environment[RlvrAction, RlvrObservation, RlvrState]):
    """A registered env as an OpenEnv environment; one instance per session (made by the server's factory)."""

    # Each instance holds its own episode and tool object; what the sessions share (`ServedEnv`) is read-only.
    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, served: ServedEnv) -> None:
        super().__init__(rubric=EnvRubric(served.funcs, served.weights))
        self.served = served
        factory = served.env.environment_factory
        self.tool_env = factory() if factory is not None else None
        self.tool_names = tool_names(factory) if factory is not None else []
        self._state = RlvrState(env=served.env.id, done=True)
        self._row: dict[str, Any] | None = None
        self._transcript: list[dict[str, Any]] = []
        self._closed = False
        served.opened(+1)

    def reset(self, seed: int | None = None, episode_id: str | None = None, split: str = "train",
              task: int | str | None = None) -> RlvrObservation:
        """Start an episode on task ``task`` of ``split`` (else one drawn from ``seed``, else at random)."""
        index = self.served.pick(split, seed, task)
        self._row = dict(self.served.split(split)[index])
        self._transcript = []
        self._state = RlvrState(episode_id=episode_id or str(uuid.uuid4()), env=self.served.env.id, split=split,
                                task=index)
        self._reset_rubric()
        if self.tool_env is not None:
            self.tool_env.reset(**self._row)
        return RlvrObservation(prompt=chat(self._row["prompt"]), tools=self._tool_schemas(),
                               metadata={"env": self.served.env.id, "version": self.served.env.spec.version,
                                         "task": f"{split}-{index}"})

    def step(self, action: RlvrAction, timeout_s: float | None = None, **kwargs: Any) -> RlvrObservation:
        """Run the tool the action names, or judge its ``content`` as the answer and end the episode."""
        if self._row is None or self._state.done:
            raise RuntimeError("No episode is running: call reset() first (an episode ends at its answer).")
        self._state.step_count += 1
        if action.tool is not None:
            return self._tool_step(action)
        self._transcript.append({"role": "assistant", "content": action.content})
        self._state.done = True
        return self._judge(action)

    def _tool_step(self, action: RlvrAction) -> RlvrObservation:
        name = action.tool or ""
        if self._state.tool_calls >= MAX_TOOL_CALLS:
            return RlvrObservation(tool_reply=f"Error: this episode has used its {MAX_TOOL_CALLS} tool calls; answer.")
        self._state.tool_calls += 1
        reply = self._call(name, action.arguments)
        self._transcript += [
            {"role": "assistant", "content": action.content,
             "tool_calls": [{"type": "function", "function": {"name": name, "arguments": action.arguments}}]},
            {"role": "tool", "name": name, "content": reply}]
        return RlvrObservation(tool_reply=reply, metadata={"tool": clean(name, 64, newlines=False)})

    def _call(self, name: str, arguments: dict[str, Any]) -> str:
        """The tool's reply as text; a failing call answers with its error, as TRL's tool loop does."""
        if name not in self.tool_names:
            return clean(f"Error: tool {name!r} not found; the tools are {self.tool_names}.", ERROR_CHARS)
        try:
            return str(getattr(self.tool_env, name)(**arguments))
        except Exception as e:
            return clean(f"Error: {type(e).__name__}: {e}", ERROR_CHARS)

    def _judge(self, action: RlvrAction) -> RlvrObservation:
        row, rubric = cast(dict[str, Any], self._row), cast(EnvRubric, self.rubric)  # set by reset() and __init__
        prompt = row["prompt"]
        # What GRPOTrainer hands a reward: the text for a text prompt, the conversation for a chat one.
        completion = action.content if isinstance(prompt, str) else list(self._transcript)
        columns = {k: [v] for k, v in row.items() if k != "prompt"}
        rubric.bind(prompt, completion, columns)
        reward = self._apply_rubric(action, RlvrObservation())
        return RlvrObservation(done=True, reward=reward,
                               metadata={"rewards": rubric.verdicts(), "task": f"{self._state.split}-"
                                         f"{self._state.task}", "version": self.served.env.spec.version})

    @property
    def state(self) -> RlvrState:
        """The episode's env, split, task and counts."""
        return self._state

    def get_metadata(self) -> EnvironmentMetadata:
        """The env's id, description and version."""
        spec = self.served.env.spec
        return EnvironmentMetadata(name=spec.id, description=spec.description or spec.id, version=str(spec.version))

    def close(self) -> None:
        """End the session: its tool object is dropped (the python tool holds no process between calls)."""
        if not self._closed:
            self._closed = True
            self.tool_env = None
            self.served.opened(-1)

    def _tool_schemas(self) -> list[dict[str, Any]]:
        if self.tool_env is None:
            return []
        return list(_tool_schemas(cast(Hashable, type(self.tool_env))))

    # OpenEnv's TaskProvider (structural): the train and eval splits are the tasks.
    def list_splits(self) -> list[str]:
        """The env's splits."""
        return list(SPLITS)

    def num_tasks(self, split: str) -> int:
        """How many problems ``split`` holds."""
        return len(self.served.split(split))

    def get_task(self, split: str, index: int) -> dict[str, Any]:
        """Problem ``index`` of ``split``: its id, index and prompt."""
        return self.served.task(split, index)

    def get_task_range(self, split: str, start: int | None = None, stop: int | None = None) -> list[dict[str, Any]]:
        """Problems ``[start, stop)`` of ``split``."""
        return [self.served.task(split, i) for i in range(*slice(start, stop).indices(self.num_tasks(split)))]

    def list_tasks(self, split: str) -> list[dict[str, Any]]:
        """The first `TASK_PREVIEW` problems of ``split`` (`num_tasks` gives the count)."""
        return self.get_task_range(split, 0, TASK_PREVIEW)


@functools.cache
def _tool_schemas(cls: Any) -> tuple[dict[str, Any], ...]:
    """The JSON schemas TRL shows the model for the tools of ``cls`` (built from their hints and docstrings)."""
    from transformers.utils import get_json_schema

    return tuple(get_json_schema(getattr(cls, name)) for name in tool_names(cls))
