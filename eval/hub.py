"""Whether the Hugging Face hub answers, asked once per process in seconds, before a hub id is loaded.

Without it a machine with no network spends about a minute in `huggingface_hub`'s retries (five, with backoff) on
every file a model load asks for, then fails, or, for a cached model, falls back to the cache. One request through
the hub's own HTTP session (its endpoint, proxies and certificates), without retries and under a deadline, says
which case this is. It checks the connection only: a 404 or a 401 still means the hub is reachable, and the loader
reports what is wrong with the id itself. Limits: a hub that answers the probe and then stops answering still meets
the library's retries; a mirror (``HF_ENDPOINT``) is probed, not huggingface.co.
"""

from __future__ import annotations

import functools
import logging
import os
import threading

logger = logging.getLogger(__name__)

PROBE_SECONDS = 3.0  # a reachable hub answers in well under a second; DNS on a network-less host may hang longer


@functools.cache
def hub_unreachable(seconds: float = PROBE_SECONDS) -> str | None:
    """Why the hub endpoint (``HF_ENDPOINT``) gave no answer within ``seconds``, or None when it answered."""
    from huggingface_hub import constants
    from huggingface_hub.utils import get_session

    failure: list[str] = []
    answered = threading.Event()

    def probe() -> None:
        try:
            get_session().head(constants.ENDPOINT, timeout=seconds)
        except Exception as e:  # any failure to connect is the answer, and its text the reason
            failure.append(f"{type(e).__name__}: {e}")
        answered.set()

    # A daemon thread, because name resolution ignores the request's timeout and may hang past the deadline.
    threading.Thread(target=probe, name="hub-probe", daemon=True).start()
    if not answered.wait(seconds + 1.0):
        return f"no answer from {constants.ENDPOINT} within {seconds + 1.0:.0f} s"
    if failure:
        return f"{constants.ENDPOINT} cannot be reached ({failure[0]})"
    return None


def offline_if_unreachable(model: str) -> None:
    """When the hub does not answer, turn this process (and those it starts) to offline mode before hub id ``model``
    loads: every hub request then fails at once and a cached model is read from the cache, where a plain
    ``local_files_only=True`` still lets transformers ask the hub for an adapter config, with retries."""
    from huggingface_hub import constants

    if constants.HF_HUB_OFFLINE or (reason := hub_unreachable()) is None:
        return
    logger.warning("The hub is unreachable (%s): offline mode from here on (HF_HUB_OFFLINE=1); %r loads from the hub "
                   "cache.", reason, model)
    constants.HF_HUB_OFFLINE = True  # what huggingface_hub's session checks before each request
    os.environ["HF_HUB_OFFLINE"] = "1"
