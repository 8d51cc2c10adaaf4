"""The accelerate configs in the README load in accelerate (which rejects unknown keys) as what they claim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from accelerate.commands.config.config_args import load_config_from_file
from accelerate.utils import DistributedType

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
CONFIGS = dict(re.findall(r"<!-- accelerate:(\w+) -->\n```yaml\n(.*?)```", README, flags=re.S))


@pytest.mark.parametrize(("name", "kind"), [("ddp", DistributedType.MULTI_GPU),
                                            ("deepspeed_zero3", DistributedType.DEEPSPEED),
                                            ("fsdp", DistributedType.FSDP)])
def test_config_loads_as_its_distributed_type(name, kind, tmp_path):
    path = tmp_path / f"{name}.yaml"
    path.write_text(CONFIGS[name])
    config = load_config_from_file(str(path))
    assert config.distributed_type == kind
    assert config.mixed_precision == "bf16" and not config.use_cpu
    if kind == DistributedType.DEEPSPEED:
        assert config.deepspeed_config["zero_stage"] == 3
    if kind == DistributedType.FSDP:
        assert config.fsdp_config["fsdp_version"] == 2


def test_every_config_is_tested():
    assert sorted(CONFIGS) == ["ddp", "deepspeed_zero3", "fsdp"]
