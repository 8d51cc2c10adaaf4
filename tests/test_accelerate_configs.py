"""The accelerate configs users copy (docs/accelerate/*.yaml) load in accelerate (which rejects unknown keys) as what
they claim, and docs/distributed.md points at each of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from accelerate.commands.config.config_args import load_config_from_file
from accelerate.utils import DistributedType

ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = ROOT / "docs" / "accelerate"


@pytest.mark.parametrize(("name", "kind"), [("ddp", DistributedType.MULTI_GPU),
                                            ("deepspeed_zero3", DistributedType.DEEPSPEED),
                                            ("fsdp", DistributedType.FSDP)])
def test_config_loads_as_its_distributed_type(name, kind):
    config = load_config_from_file(str(CONFIG_DIR / f"{name}.yaml"))
    assert config.distributed_type == kind
    assert config.mixed_precision == "bf16" and not config.use_cpu
    if kind == DistributedType.DEEPSPEED:
        assert config.deepspeed_config["zero_stage"] == 3
    if kind == DistributedType.FSDP:
        assert config.fsdp_config["fsdp_version"] == 2


def test_every_config_is_tested_and_documented():
    assert sorted(p.stem for p in CONFIG_DIR.glob("*.yaml")) == ["ddp", "deepspeed_zero3", "fsdp"]
    guide = (ROOT / "docs" / "distributed.md").read_text()
    for path in CONFIG_DIR.glob("*.yaml"):
        assert f"accelerate/{path.name}" in guide, f"docs/distributed.md does not point at {path.name}"
