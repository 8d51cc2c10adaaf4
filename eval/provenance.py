"""Where a result came from: code commit, package versions, model and reward identity, seed and sampling params.

Also the one way results reach disk (`write_json_atomic`): a crash mid-write leaves the old file or none, never half
of one. The model fingerprint samples each weight tensor (shape plus up to 4096 strided values) rather than hashing
all of it, so it is cheap on a 7B model on a GPU; any training run changes it, a bit-flip in one weight may not.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import inspect
import json
import os
import platform
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PACKAGES = ("rlvr-kit", "torch", "transformers", "trl", "datasets", "math-verify", "peft", "vllm")


def git_commit(path: str | Path | None = None) -> dict[str, Any] | None:
    """The commit of the rlvr-kit checkout (``dirty`` when it has uncommitted changes); ``None`` outside git."""
    where = Path(path) if path else Path(__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True, timeout=10,
                                check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=where,
                                capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return {"commit": commit, "dirty": bool(status.strip())}


def package_versions(names: Sequence[str] = PACKAGES) -> dict[str, str | None]:
    """Installed versions of the packages that decide a result (``None`` when not installed)."""
    versions: dict[str, str | None] = {}
    for name in names:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def reward_config(reward_funcs: Sequence[Any], weights: Sequence[float] | None) -> dict[str, Any]:
    """The rewards as configured: id, implementing class or function, parameters and weight, plus their hash."""
    entries = []
    for i, fn in enumerate(reward_funcs):
        impl = getattr(fn, "fn", fn)  # FunctionReward wraps the user's function
        impl = getattr(impl, "func", impl)  # functools.partial
        params = {k: v for k, v in vars(fn).items() if not k.startswith("_") and k not in ("fn", "counts")} \
            if hasattr(fn, "__dict__") else {}
        entries.append({
            "id": getattr(fn, "__name__", str(fn)),
            "impl": f"{getattr(impl, '__module__', '?')}:{getattr(impl, '__qualname__', type(impl).__qualname__)}",
            "params": json.loads(json.dumps(params, default=repr, sort_keys=True)),
            "source_hash": _source_hash(type(fn) if not inspect.isfunction(impl) else impl),
            "weight": None if weights is None else float(weights[i]),
        })
    blob = json.dumps(entries, sort_keys=True)
    return {"rewards": entries, "hash": hashlib.sha256(blob.encode()).hexdigest()[:16]}


def _source_hash(obj: Any) -> str | None:
    try:
        return hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()[:12]
    except (OSError, TypeError):
        return None


def model_fingerprint(model: Any) -> str:
    """A short hash of the model's weights (shapes and a strided sample of every tensor)."""
    import torch

    digest = hashlib.sha256()
    with torch.no_grad():
        for name, tensor in sorted(model.state_dict().items()):
            flat = tensor.detach().reshape(-1)
            step = max(1, flat.numel() // 4096)
            sample = flat[::step][:4096].to("cpu", torch.float32).contiguous()
            digest.update(f"{name}:{tuple(tensor.shape)}:{tensor.dtype}".encode())
            digest.update(sample.numpy().tobytes())
    return digest.hexdigest()[:16]


def provenance(*, model: Any, model_name: str, env: Any, reward_funcs: Sequence[Any],
               sampling: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """Everything needed to say where a result came from and to reproduce it.

    No timestamp: equal runs give equal results (the CLI stamps ``created`` on the file it writes).
    """
    return {
        "git": git_commit(),
        "packages": package_versions(),
        "python": platform.python_version(),
        "model": {"name": model_name, "fingerprint": model_fingerprint(model) if model is not None else None},
        "env": {**env.describe(), "fingerprint": env.fingerprint()},
        "reward_config": reward_config(reward_funcs, env.spec.reward_weights),
        "seed": seed,
        "sampling": dict(sampling),
    }


def write_json_atomic(path: str | Path, data: Any) -> Path:
    """Write ``data`` as JSON to ``path`` atomically (temp file in the same folder, fsync, rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=2, default=str)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
