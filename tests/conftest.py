"""Shared fixtures: a tiny env and a tiny warm-started policy, built once per test session (seconds, on CPU)."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # tests never touch a hub
# The suite tests the kit's own registrations: a user's installed plugins (entry points rlvr_kit.rewards / .envs) stay
# out of every registry, here and in the interpreters tests start (tests/test_plugins.py loads a real one on purpose).
os.environ["RLVR_KIT_DISABLE_PLUGINS"] = "1"
# The tiny test models gain nothing from intra-op threads, and tests that start worker processes (sandbox, math pool,
# accelerate ranks) would oversubscribe the cores: one thread each keeps the suite fast on 2 cores.
os.environ.setdefault("OMP_NUM_THREADS", "1")


@pytest.fixture(scope="session")
def policy_cache(tmp_path_factory):
    """A private policy cache for the session, so tests never read a developer's ~/.cache."""
    root = tmp_path_factory.mktemp("rlvr-cache")
    os.environ["RLVR_KIT_CACHE"] = str(root)
    return root


@pytest.fixture(scope="session")
def tiny_env():
    """A small arithmetic env: 1-digit addition, fast to train on."""
    import envs

    return envs.make("arithmetic", digits=1, n_train=90, n_eval=10)


@pytest.fixture(scope="session")
def tiny_policy(policy_cache, tiny_env):
    """(model, tokenizer, path) of a ~30k-parameter policy, warm-started for a few steps."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from eval.policy import TinyPolicyConfig, build_or_load

    config = TinyPolicyConfig(hidden_size=32, layers=2, heads=2, ffn_size=64, sft_max_steps=20, sft_batch_size=32,
                              n_validation=8, check_every=10, target_accuracy=1.1)
    path = build_or_load(tiny_env, config, root=policy_cache)
    return AutoModelForCausalLM.from_pretrained(path), AutoTokenizer.from_pretrained(path), path


@pytest.fixture(scope="module")
def echo(tmp_path_factory):
    """The scaffold `openenv init echo_env` writes (an OpenEnv env this repo did not write), importable as the
    package ``echo_env``; the fixture's value is its server module. (Here, not in tests/envs/conftest.py: a second
    conftest module of the same name next to tests/eval's clashed with it when both were collected.)"""
    pytest.importorskip("openenv")
    from tests.envs.openenv_server import scaffold_echo

    root = scaffold_echo(tmp_path_factory.mktemp("scaffold"))
    sys.path.insert(0, str(root))
    try:
        import echo_env.server.app as scaffold_app  # its own module, as `uvicorn server.app:app` would load it

        yield scaffold_app
    finally:
        sys.path.remove(str(root))
