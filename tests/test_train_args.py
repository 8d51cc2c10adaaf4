"""train.py's argument parsing across library versions, and the experimental compiled-decoding switch."""

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


def test_compiled_decoding_is_opt_in_and_needs_cuda_and_a_static_cache(tmp_path):
    class Trainer:
        from transformers import GenerationConfig

        generation_config = GenerationConfig(cache_implementation="static", disable_compile=True)

    script, _ = train.parse_args(["--output_dir", str(tmp_path)])
    assert script.compile_generation is False
    train.speed_up_generation(Trainer, script)
    assert Trainer.generation_config.disable_compile is True
    script, _ = train.parse_args(["--output_dir", str(tmp_path), "--compile_generation", "true"])
    train.speed_up_generation(Trainer, script)  # no CUDA here: stays eager rather than compiling on a CPU
    assert Trainer.generation_config.disable_compile is True
