"""What a run prints while it trains: one line per logging step, in place of the Trainer's ~1,100-character dict.

``step 10/150 | reward 0.412 | zero-std 0.62 | clipped 0.05 | unparsed math_exact 0.10 | held-out pass@1 0.350``:
the step of the total, the mean total reward, the share of groups whose rewards all agree (no gradient), the share of
completions cut at the token budget, each reward's unparsed rate, and the held-out pass@1 when ``--eval_every``
measured it since the last line. Every logged dict goes whole, one JSON line each, to ``OUTPUT_DIR/train_log.jsonl``
(and into ``results.json``'s ``log_history`` at the end). Printed and written by the main process only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from transformers import PrinterCallback, ProgressCallback, TrainerCallback

LOG_FILE = "train_log.jsonl"


def step_line(logs: Mapping[str, Any], step: int, total: int, heldout: float | None = None) -> str:
    """The console line of one logging step's ``logs`` (GRPOTrainer's metrics).

    >>> step_line({"reward": 0.4123, "frac_reward_zero_std": 0.625, "completions/clipped_ratio": 0.05,
    ...            "math_exact/unparsed_rate": 0.1, "loss": 0.01}, 10, 150, heldout=0.35)
    'step 10/150 | reward 0.412 | zero-std 0.62 | clipped 0.05 | unparsed math_exact 0.10 | held-out pass@1 0.350'
    """
    parts = [f"step {step}/{total}"]
    for key, label, digits in (("reward", "reward", 3), ("frac_reward_zero_std", "zero-std", 2),
                               ("completions/clipped_ratio", "clipped", 2)):
        if isinstance(logs.get(key), (int, float)):
            parts.append(f"{label} {logs[key]:.{digits}f}")
    parts += [f"unparsed {key.removesuffix('/unparsed_rate')} {value:.2f}" for key, value in logs.items()
              if key.endswith("/unparsed_rate") and isinstance(value, (int, float))]
    if heldout is not None:
        parts.append(f"held-out pass@1 {heldout:.3f}")
    return " | ".join(parts)


class StepLines(TrainerCallback):
    """Prints `step_line` for each logging step and appends every logged dict to ``OUTPUT_DIR/train_log.jsonl``."""

    def __init__(self) -> None:
        self.heldout: float | None = None  # measured since the last line (logged with a step's metrics, or alone)

    def on_log(self, args, state, control, logs=None, **kwargs):
        if not state.is_world_process_zero or not logs:
            return control
        with open(Path(args.output_dir) / LOG_FILE, "a") as f:
            f.write(json.dumps({"step": state.global_step, **logs}, default=str) + "\n")
        self.heldout = logs.get("heldout/pass@1", self.heldout)
        if "reward" in logs:
            print(step_line(logs, state.global_step, state.max_steps, self.heldout), flush=True)
            self.heldout = None
        elif "train_runtime" in logs:
            print(f"trained {state.global_step} steps in {logs['train_runtime']:.0f}s", flush=True)
        return control


def print_step_lines(trainer: Any) -> None:
    """Swap the Trainer's printed dicts (its progress bar's, or `PrinterCallback`'s) for `StepLines`."""
    Path(trainer.args.output_dir).mkdir(parents=True, exist_ok=True)
    for printer in (ProgressCallback, PrinterCallback):
        trainer.remove_callback(printer)
    trainer.add_callback(StepLines())
