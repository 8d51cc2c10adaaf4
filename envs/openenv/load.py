"""``envs.make("openenv:<target>")``: any OpenEnv environment as an rlvr-kit env, trained through TRL's
``environment_factory`` on the environment's own reward.

The target is a server's base URL (``openenv:http://127.0.0.1:8000``, driven with OpenEnv's `GenericEnvClient`,
one WebSocket session per rollout instance) or an ``Environment`` class run in this process
(``openenv:package.module:EchoEnvironment``). Making the env resets it once per problem, ``seed`` 0, 1, ... of
``split`` ``train`` and ``eval`` (``n_train``, ``n_eval``), to read the prompts: an environment that offers its problem
as a ``prompt`` of chat messages (a served rlvr-kit env, `envs.openenv.environment`) gives those; any other is shown
its reset observation as JSON. A rollout resets with the same seed, so the environment must be seed-deterministic
(OpenEnv's RFC 008 checks the same).

Tools: a served rlvr-kit env's own tools (each call a step), and its answer is the rollout's final message; any other
environment gets one tool, ``step``, whose arguments are its action's fields. The reward is the environment's own:
`rewards.env_reward` asks each rollout's instance (``_episode_reward``) for the last reward the environment gave,
after sending a served rlvr-kit env the final message as its answer.

Failure is not zero: when the environment cannot be reached, errors or does not answer within ``timeout`` seconds,
the rollout's reward is ``None`` ("could not be scored", left out by TRL, counted in ``env_reward/unscorable_rate``).
A tool call whose arguments do not fit the action is the model's mistake: it is told so, and the episode goes on.
A server must admit as many sessions as TRL keeps rollouts open (``--max-concurrent``), or the extra ones are unscored.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import keyword
import logging
from typing import Any, get_type_hints

from datasets import Dataset

from envs.registration import Env
from envs.registration import make as make_registered
from envs.tools.boundary import ERROR_CHARS
from rewards.errors import RlvrError
from rewards.registry import load_target
from rewards.untrusted import clean

__all__ = ["TIMEOUT", "EnvironmentUnavailable", "build", "make", "open_session", "rollout_class"]

logger = logging.getLogger(__name__)

TIMEOUT = 30.0  # seconds to connect, and for one reset or step to answer
RLVR_ACTION = {"content", "tool", "arguments"}  # the action fields of a served rlvr-kit env
JSON_TYPES: dict[str, Any] = {"string": str, "integer": int, "number": float, "boolean": bool, "array": list,
                              "object": dict}
OBSERVATION_CHARS = 4000  # of an observation shown to the model


def make(id: str, **kwargs: Any) -> Env:
    """The env ``openenv:<target>``: its prompts read from the environment, its ``environment_factory`` a rollout
    class that plays episodes on it (`rollout_class`)."""
    env = make_registered(id, **kwargs)
    env.spec = dataclasses.replace(env.spec, environment=rollout_class(env.kwargs["task"], env.kwargs["timeout"]))
    return env


def build(task: str, n_train: int = 64, n_eval: int = 16, timeout: float = TIMEOUT) -> tuple[Dataset, Dataset]:
    """The train and eval problems of the environment ``task`` (a URL or ``module:Class``): one reset per seed."""
    if n_train < 0 or n_eval < 0 or timeout <= 0:
        raise ValueError(f"need n_train, n_eval >= 0 and timeout > 0, got {n_train}, {n_eval}, {timeout}")
    session = _reachable(task, timeout)
    try:
        return _rows(session, "train", n_train), _rows(session, "eval", n_eval)
    finally:
        session.close()


def _rows(session: Any, split: str, n: int) -> Dataset:
    rows = []
    for seed in range(n):
        result = session.reset(seed=seed, split=split)
        rows.append({"prompt": _prompt(result.observation, f"{split}-{seed}"), "seed": seed, "split": split})
    return Dataset.from_list(rows) if rows else Dataset.from_dict({"prompt": [], "seed": [], "split": []})


def _prompt(observation: dict[str, Any], episode: str) -> list[dict[str, Any]]:
    """The problem as chat messages: the environment's own ``prompt``, else its observation as JSON."""
    prompt = observation.get("prompt")
    if isinstance(prompt, list) and prompt and all(isinstance(m, dict) and "role" in m for m in prompt):
        return prompt
    return [{"role": "user", "content": f"Episode {episode}. The environment reports: {_text(observation)}\n"
                                        "Act with the `step` tool."}]


def _text(observation: dict[str, Any]) -> str:
    shown = {k: v for k, v in observation.items() if k != "metadata"}
    reply = shown.get("tool_reply")
    text = reply if isinstance(reply, str) else json.dumps(shown, default=str, sort_keys=True)
    return clean(text, OBSERVATION_CHARS)


def _reachable(target: str, timeout: float) -> Any:
    try:
        session = open_session(target, timeout)
    except RlvrError:
        raise
    except Exception as e:
        raise RlvrError(f"Cannot reach the OpenEnv environment {target!r}: {type(e).__name__}: {e}. Start its server "
                        "(`python -m envs serve ENV`, or the environment's `uvicorn server.app:app`) or fix the "
                        "URL; an in-process one reads 'openenv:package.module:EnvironmentClass'.") from e
    return session


def open_session(target: str, timeout: float = TIMEOUT) -> Any:
    """A session on ``target``: OpenEnv's sync `GenericEnvClient` on a URL, else the class run here (`InProcess`),
    both answering ``reset(**kwargs)`` and ``step(action)`` with OpenEnv's `StepResult` of plain data."""
    if _is_url(target):
        from openenv.core import GenericEnvClient

        client = GenericEnvClient(base_url=target, connect_timeout_s=timeout, message_timeout_s=timeout).sync()
        client.connect()
        return client
    return InProcess(target)


def _is_url(target: str) -> bool:
    return target.startswith(("http://", "https://", "ws://", "wss://"))


class InProcess:
    """An OpenEnv ``Environment`` class run in this process, answering as `GenericEnvClient` does."""

    def __init__(self, target: str) -> None:
        from openenv.core.env_server.interfaces import Environment

        cls = load_target(target)
        if not (inspect.isclass(cls) and issubclass(cls, Environment)):
            raise RlvrError(f"openenv:{target} names {cls!r}, not an OpenEnv Environment class; give "
                            "'openenv:package.module:EnvironmentClass' or a server's URL.")
        self.action_cls = action_class(cls)
        self.env: Any = cls()

    def reset(self, **kwargs: Any) -> Any:
        """Reset with the keywords its ``reset`` takes (as the server filters them)."""
        params = inspect.signature(self.env.reset).parameters
        takes_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        return _result(self.env.reset(**{k: v for k, v in kwargs.items() if takes_any or k in params}))

    def step(self, action: dict[str, Any]) -> Any:
        """One step with ``action`` validated into the environment's action class."""
        return _result(self.env.step(self.action_cls.model_validate(action)))

    def close(self) -> None:
        """Close the environment."""
        self.env.close()


def action_class(cls: type) -> Any:
    """The action class an ``Environment`` class's ``step`` takes (its type hint)."""
    from openenv.core.env_server.types import Action

    found = get_type_hints(cls.step).get("action")  # type: ignore[attr-defined]
    if not (inspect.isclass(found) and issubclass(found, Action)):
        raise RlvrError(f"{cls.__qualname__}.step has no Action subclass as the type of its 'action' argument "
                        f"(got {found!r}); annotate it, e.g. 'def step(self, action: MyAction)'.")
    return found


def _result(observation: Any) -> Any:
    from openenv.core.client_types import StepResult
    from openenv.core.env_server.serialization import serialize_observation

    data = serialize_observation(observation)
    return StepResult(observation=data["observation"], reward=data.get("reward"), done=data.get("done", False),
                      metadata=data.get("metadata"))


def action_schema(target: str, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The JSON schema of ``target``'s action (a server's ``GET /schema``, a class's pydantic schema)."""
    if not _is_url(target):
        return action_class(load_target(target)).model_json_schema()
    import httpx

    base = target.replace("ws://", "http://", 1).replace("wss://", "https://", 1).rstrip("/")
    return httpx.get(f"{base}/schema", timeout=timeout).raise_for_status().json()["action"]


def rollout_class(target: str, timeout: float = TIMEOUT) -> type:
    """The ``environment_factory`` class for ``target``: TRL makes one per rollout, each with its own session."""
    try:
        schema = action_schema(target, timeout)
        answers = RLVR_ACTION <= set(schema.get("properties", {}))
        tools = _served_tools(target, timeout) if answers else [_step_tool(schema)]
    except RlvrError:
        raise
    except Exception as e:
        raise RlvrError(f"Cannot read the tools of the OpenEnv environment {target!r}: {type(e).__name__}: {e}.") from e
    namespace: dict[str, Any] = {"target": target, "timeout": timeout, "answers": answers,
                                 "__doc__": f"Episodes of the OpenEnv environment {target}, one per rollout."}
    for name, params, doc, wrap in tools:
        namespace[name] = _tool(name, params, doc, wrap)
    return type("OpenEnvRollout", (Rollout,), namespace)


Tool = tuple[str, list[tuple[str, Any, bool, str]], str, Any]  # name, (param, type, required, text), docstring, wrap


def _served_tools(target: str, timeout: float) -> list[Tool]:
    """A served rlvr-kit env's own tools, read from a reset observation's JSON schemas."""
    session = open_session(target, timeout)
    try:
        found = session.reset(seed=0).observation.get("tools") or []
    finally:
        session.close()
    tools = []
    for entry in found:
        function = entry.get("function", entry)
        parameters = function.get("parameters", {})
        name = str(function["name"])
        tools.append((name, _params(parameters), function.get("description", name),
                      lambda arguments, name=name: {"tool": name, "arguments": arguments}))
    return tools


def _step_tool(schema: dict[str, Any]) -> Tool:
    """One ``step`` tool whose arguments are the action's fields (its ``metadata`` aside)."""
    params = [p for p in _params(schema) if p[0] != "metadata"]
    doc = schema.get("description") or "Take one step in the environment."
    return ("step", params, doc, lambda arguments: arguments)


def _params(schema: dict[str, Any]) -> list[tuple[str, Any, bool, str]]:
    required = set(schema.get("required", []))
    params = []
    for name, field in schema.get("properties", {}).items():
        if not name.isidentifier() or keyword.iskeyword(name):
            raise RlvrError(f"The environment's action field {name!r} is not a Python name; it cannot be a tool "
                            "argument.")
        kind = JSON_TYPES.get(field.get("type", "string"), str)
        params.append((name, kind, name in required, field.get("description") or f"The action's {name}."))
    return params


def _tool(name: str, params: list[tuple[str, Any, bool, str]], doc: str, wrap: Any) -> Any:
    """A tool method TRL reads like a written one: typed signature, Google-style docstring; it checks the names
    of the model's arguments before anything is sent."""
    names = {p[0] for p in params}
    required = {p[0] for p in params if p[2]}

    def tool(self: Rollout, **arguments: Any) -> str:
        unknown, missing = sorted(set(arguments) - names), sorted(required - set(arguments))
        if unknown or missing:
            raise TypeError(clean(f"{name}() takes {sorted(names)}; unknown {unknown}, missing {missing}", ERROR_CHARS))
        return self._act(wrap(arguments))

    sig = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    sig += [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=t, default=inspect.Parameter.empty
                              if req else None) for p, t, req, _ in params]
    tool.__signature__ = inspect.Signature(sig, return_annotation=str)  # type: ignore[attr-defined]
    tool.__annotations__ = {**{p: t for p, t, _, _ in params}, "return": str}
    tool.__name__ = tool.__qualname__ = name
    args = "".join(f"\n    {p}: {text}" for p, _, _, text in params)
    tool.__doc__ = f"{doc}\n\nArgs:{args}\n\nReturns:\n    What the environment observed." if params else doc
    return tool


class Rollout:
    """One rollout's episode on an OpenEnv environment (subclassed per target by `rollout_class`)."""

    target: str = ""
    timeout: float = TIMEOUT
    answers: bool = False  # the final message is the answer (a served rlvr-kit env)

    def __init__(self) -> None:
        self._session: Any = None
        self._reward: float | None = None
        self._failed = self._done = False
        self._settled: tuple[str, float | None, Exception | None] | None = None  # completion, reward, failure

    def reset(self, **row: Any) -> None:
        """Start the episode of ``row`` (its ``seed`` and ``split``); the prompt is already the row's."""
        self._reward, self._failed, self._done, self._settled = None, False, False, None
        if "seed" not in row:  # without it the episode would be another problem than the prompt shows
            self._fail(RlvrError(f"reset got no 'seed' column (got {sorted(row)[:8]}); pass the env's rows, as TRL "
                                 "does"))
            return
        try:
            if self._session is None:
                self._session = open_session(self.target, self.timeout)
            self._take(self._session.reset(seed=row.get("seed"), split=row.get("split")))
        except Exception as e:
            self._fail(e)

    def _act(self, action: dict[str, Any]) -> str:
        if self._failed:
            return "Error: the environment is unavailable; this episode cannot be scored."
        if self._done:
            return "Error: the episode is over; give your final answer."
        try:
            result = self._session.step(action)
        except Exception as e:
            if _bad_arguments(e):  # the model's call did not fit the action: its mistake, the episode goes on
                raise TypeError(clean(str(e), ERROR_CHARS)) from e
            self._fail(e)
            return "Error: the environment did not answer; this episode cannot be scored."
        self._take(result)
        return _text(result.observation)

    def _take(self, result: Any) -> None:
        if result.reward is not None:
            self._reward = float(result.reward)
        self._done = bool(result.done)

    def _fail(self, error: Exception) -> None:
        logger.warning("OpenEnv environment %s failed (%s: %s); the rollout is left unscored.", self.target,
                       type(error).__name__, str(error)[:200])
        self._failed = True
        self._close()  # the next reset connects afresh

    def _close(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            try:
                session.close()
            except Exception:  # a session already gone
                pass

    def _settle(self, completion: str) -> None:
        """Judge the episode on ``completion`` now and close the session; `_episode_reward` then answers from this.
        Evaluation holds every rollout until all are scored (`eval.tool_loop`), and a server admits a bounded
        number of sessions."""
        try:
            self._settled = (completion, self._episode_reward(completion), None)
        except EnvironmentUnavailable as e:
            self._settled = (completion, None, e)
        self._close()

    def _episode_reward(self, completion: str) -> float | None:
        """The episode's reward (the last one the environment gave), after sending the final message as the
        answer where the environment takes one; ``None``: it gave none (`rewards.env_reward`).

        Raises:
            EnvironmentUnavailable: the environment failed during the episode, so nothing scored it.
        """
        if self._settled is not None and self._settled[0] == completion:
            if self._settled[2] is not None:
                raise self._settled[2]
            return self._settled[1]
        if self.answers and not self._done and not self._failed:
            self._reward = None  # only the answer's judgement counts
            try:
                self._act({"content": completion})
            except TypeError as e:  # the server refused the answer's shape: nothing judged it
                self._fail(e)
        if self._failed:
            raise EnvironmentUnavailable(f"the OpenEnv environment {self.target} failed during the episode")
        return self._reward


class EnvironmentUnavailable(RlvrError):
    """An OpenEnv environment errored, timed out or could not be reached during an episode."""


def _bad_arguments(error: Exception) -> bool:
    from pydantic import ValidationError

    return isinstance(error, ValidationError) or "VALIDATION_ERROR" in str(error)
