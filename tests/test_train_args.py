"""train.py's argument parsing across library versions."""

from __future__ import annotations

import train


def test_defaults_for_fields_this_trl_lacks_are_dropped(monkeypatch, tmp_path):
    # transformers 5.17 (the GPU image) has no `activation_checkpointing`; an unknown default must not leak out as an
    # extra parsed object.
    monkeypatch.setitem(train.DEFAULTS, "field_from_a_newer_transformers", True)
    parsed = train.parse_args(["--output_dir", str(tmp_path)])
    assert len(parsed) == 2
    script, config = parsed
    assert config.learning_rate == train.DEFAULTS["learning_rate"] and config.max_completion_length == 12
    assert not hasattr(config, "field_from_a_newer_transformers")
