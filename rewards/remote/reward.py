"""`RemoteReward`: a TRL reward function whose verdicts are computed by verifier actors on a Ray cluster.

The trainer keeps what is per run: the reward's name, columns, status counting and logging
(``<reward>/<status>_rate``), reuse of the last batch's verdicts. The cluster judges: `rewards.remote.dispatch` cuts
a batch into a few chunks per actor (sized to its cores) and hands them to the per-node actors of
`rewards.remote.actor` as they free up.

No reward is lost and none faked: a chunk whose actor dies (its node lost, its process killed) or misses
``chunk_timeout`` is sent to another live actor, at most ``attempts`` times in all; after that it is judged here
when ``local_fallback`` is on. Else, when every send was lost with its actor (the process killed, its node gone:
`dispatch.LOST`) or no actor was alive, its completions are ``unscorable`` (score ``None``: TRL leaves them out of
their groups' baselines); when a send missed its deadline or the task raised, which a slow or strange completion
may cause, they score 0.0 with status ``error``. The status rates and the breaker (`training.breaker`) see both. A
completion reaches an actor's process only through the trusted checker, which caps its input and runs code and math
in worker processes of its own, so killing the actor would take a checker bug. Checkers are pure, so judging a
chunk twice is safe. The fraction of a batch's completions sent again is logged as ``<reward>/remote_retry_rate``.

Limits: a composed spec is judged as one reward on the actor, so only its own status rates are logged, not its
parts'. An async reward function cannot be judged remotely. A chunk given up at its deadline keeps running on its
actor until done (Ray does not cancel a running actor task); that actor gets no more chunks of this batch.
"""

from __future__ import annotations

import logging
from typing import Any

from rewards.errors import RlvrError
from rewards.protocol import _UNJUDGED_ARGS, Reward, Status, Verdict, unscorable

logger = logging.getLogger(__name__)


class RemoteReward(Reward):
    """The reward ``spec`` (built with ``params`` by `rewards.get`), judged by verifier actors on a Ray cluster.

    Args:
        spec / params: what each actor builds with ``rewards.get(spec, **params)``.
        attempts: sends of one chunk at most (to different actors) before it is given up.
        chunk_timeout: seconds a chunk may take once its actor should have started it, before it is sent again.
        local_fallback: judge a given-up chunk in this process (building the reward here on first need); else
            its completions score ``None`` (``unscorable``) when their actors were lost, else 0.0 (``error``).
        resource: verify only on nodes offering this custom Ray resource (default: those offering
            ``rlvr_verify`` if any node does, else every alive node with a CPU).
        address: the cluster, as ``ray.init`` takes it (default: ``RAY_ADDRESS``, as Ray reads it).

    Raises:
        RlvrError: bad ``attempts``/``chunk_timeout``, ray missing, or no alive node can verify.
    """

    def __init__(self, spec: str, params: dict[str, Any] | None = None, *, attempts: int = 3,
                 chunk_timeout: float = 600.0, local_fallback: bool = True, resource: str | None = None,
                 address: str | None = None) -> None:
        if attempts < 1 or not chunk_timeout > 0:
            raise RlvrError(f"RemoteReward needs attempts >= 1 and chunk_timeout > 0 seconds, got {attempts} and "
                            f"{chunk_timeout}.")
        self.spec, self.params = spec, dict(params or {})
        self.attempts, self.chunk_timeout, self.local_fallback = attempts, chunk_timeout, local_fallback
        self.resource, self.address = resource, address
        self._actors: dict[str, tuple[Any, int]] = {}
        import ray

        handle = next(iter(self.actors().values()))[0]
        info = ray.get(handle.describe.remote(self.spec, self.params))
        self.__name__, self._columns = info["name"], tuple(info["columns"])
        self.cacheable, self.verifiable = info["cacheable"], info["verifiable"]

    @property
    def columns(self) -> tuple[str | tuple[str, ...], ...]:  # type: ignore[override]
        return self._columns

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in super().__getstate__().items() if k not in ("_actors", "_fallback")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._actors = {}

    def actors(self) -> dict[str, tuple[Any, int]]:
        """node id -> (verifier handle, its cores) for every alive verifying node; handles are kept between batches,
        a lost node's dropped."""
        from rewards.remote.cluster import live_verifiers

        self._actors = live_verifiers(self._actors, f"reward {self.spec!r}", self.resource, self.address)
        return dict(self._actors)

    def _judge_batch(self, completions: list[Any], kwargs: dict[str, Any]) -> list[Verdict | None]:
        verdicts, resent = self._remote(list(completions), kwargs)
        log_metric = kwargs.get("log_metric")
        self.record(verdicts, log_metric)
        if log_metric is not None and completions:
            log_metric(f"{self.__name__}/remote_retry_rate", resent / len(completions))
        return verdicts

    def compute(self, completions: list[Any], **kwargs: Any) -> list[Verdict | None]:
        return self._remote(list(completions), kwargs)[0]

    def inputs(self, completions: list[Any]) -> list[Any]:
        return list(completions)  # as TRL sent them: the reward on the actor reads them its own way

    def judge(self, completions: list[Any], **columns: Any) -> list[Verdict | None]:
        """The verdicts of the cluster (what `Reward._judge_one` calls for one completion)."""
        return self._remote(list(completions), columns)[0]

    def _remote(self, completions: list[Any], kwargs: dict[str, Any]) -> tuple[list[Verdict | None], int]:
        """Every completion's verdict, and how many completions were sent again after a failure."""
        from rewards.remote.dispatch import Chunk, dispatch

        sent = {k: v for k, v in kwargs.items() if k not in _UNJUDGED_ARGS}

        def send(handle: Any, chunk: Chunk) -> Any:
            return handle.judge.remote(self.spec, self.params, *_rows(completions, sent, chunk.start, chunk.stop))

        try:
            actors = self.actors()
        except RlvrError as e:  # every verifying node is gone: the same path as chunks no actor could judge
            actors, reason = {}, str(e)
        else:
            reason = ""
        out = dispatch(len(completions), actors, send, self.attempts, self.chunk_timeout)
        for node in out.failed:
            self._actors.pop(node, None)
        verdicts: list[Verdict | None] = [None] * len(completions)
        for start, got in out.results.items():
            verdicts[start:start + len(got)] = got
        for chunk in out.given_up:
            verdicts[chunk.start:chunk.stop] = self._given_up(completions, sent, chunk, reason)
        return verdicts, out.resent

    def _given_up(self, completions: list[Any], kwargs: dict[str, Any], chunk: Any, reason: str
                  ) -> list[Verdict | None]:
        why = "; ".join(chunk.errors[-2:]) or reason or "no live verifier actor"
        logger.warning("Reward %s: %d completions not judged on the cluster after %d sends (%s); %s.", self.__name__,
                       chunk.stop - chunk.start, chunk.tries, why,
                       "judging them here" if self.local_fallback else
                       "scoring them None (unscorable)" if chunk.lost else "scoring them 0.0 with status error")
        if self.local_fallback:
            part, columns = _rows(completions, kwargs, chunk.start, chunk.stop)
            return self._local().compute(part, **columns)
        detail = f"remote: {why}"[:300]
        verdict = unscorable(detail) if chunk.lost else Verdict(0.0, Status.ERROR, detail)
        return [verdict] * (chunk.stop - chunk.start)

    def _local(self) -> Reward:
        if "_fallback" not in self.__dict__:
            from rewards.catalog import get

            local = get(self.spec, **self.params)
            if not isinstance(local, Reward):
                raise RlvrError(f"Reward {self.spec!r} cannot be judged here as a fallback: not a rewards.Reward.")
            self._fallback = local
        return self._fallback


def _rows(completions: list[Any], kwargs: dict[str, Any], start: int, stop: int) -> tuple[list[Any], dict[str, Any]]:
    """Completions ``start:stop`` and the same rows of every per-completion column (other arguments as they are)."""
    n = len(completions)
    return completions[start:stop], {k: v[start:stop] if isinstance(v, list) and len(v) == n else v
                                     for k, v in kwargs.items()}
