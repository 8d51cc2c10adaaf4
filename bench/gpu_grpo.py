"""GRPO step time on a GPU: TRL's default generation against train.py's own settings, measured in one run.

A random-weight Qwen2-shaped model (358M parameters by default: hidden 896, 24 layers), 8 prompts x 8 generations,
up to 256 new tokens, bf16, through `GRPOTrainer` under each variant. Each variant runs in a subprocess of its own
(a crash or a timeout in one leaves the others' figures), and prints s/step (median of the steps after
``--warmup``, so compilation stays out of it), completion tokens/s and peak GPU memory.

    python bench/gpu_grpo.py --out bench/gpu_grpo.json                # on a GPU, the full configuration
    python bench/gpu_grpo.py --hidden 64 --layers 2 --max-len 16 --steps 3 --warmup 1   # a CPU smoke run

Variants: ``trl_default`` (GRPOConfig's generation settings, as TRL ships them), ``train_py`` (`train.parse_args`
defaults), ``trl_static`` (``cache_implementation="static"``, which TRL runs uncompiled), ``static_compiled``
(train.py with ``--cache_implementation static --pad_to_multiple_of 64`` and transformers' compiled decoding, whose
default mode records CUDA graphs) and ``static_compiled_nocg`` (the same, compiled without CUDA graphs: it tests the
hypothesis in bench/RESULTS.md that graphs recorded for one generate call's cache break the next call).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

VARIANTS = ("trl_default", "train_py", "trl_static", "static_compiled", "static_compiled_nocg")
COMPILED = ("static_compiled", "static_compiled_nocg")
# Static cache + padded prompts; the bench also turns on transformers' compiled decoding (TRL disables it).
COMPILED_FLAGS = {"cache_implementation": "static", "pad_to_multiple_of": 64}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The benchmark's flags."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--hidden", type=int, default=896)
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--heads", type=int, default=14)
    ap.add_argument("--kv", type=int, default=2)
    ap.add_argument("--inter", type=int, default=4864)
    ap.add_argument("--prompts", type=int, default=8)
    ap.add_argument("--G", type=int, default=8)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--warmup", type=int, default=3, help="Steps left out of s/step (compilation happens there).")
    ap.add_argument("--timeout", type=int, default=240, help="Seconds per variant before it is killed.")
    ap.add_argument("--out", type=Path, default=None, help="Write all results here as JSON.")
    ap.add_argument("--one", choices=VARIANTS, help=argparse.SUPPRESS)  # run one variant in this process
    ap.add_argument("--force-compile", action="store_true",
                    help="Compile decoding in the compiled variants even off CUDA "
                         "(checks the code path on a CPU; slow).")
    return ap.parse_args(argv)


def build_model_and_data(a: argparse.Namespace):
    """The random-weight Qwen2-shaped model, its tokenizer and a prompt dataset, as the issue's probe builds them."""
    import torch
    from datasets import Dataset
    from transformers import Qwen2Config, Qwen2ForCausalLM

    from eval.policy import train_tokenizer

    corpus = [f"What is {i} + {j} ? The answer is {i + j} ." for i in range(60) for j in range(60)]
    tokenizer = train_tokenizer(corpus, vocab_size=2000)
    config = Qwen2Config(vocab_size=len(tokenizer), hidden_size=a.hidden, intermediate_size=a.inter,
                         num_hidden_layers=a.layers, num_attention_heads=a.heads, num_key_value_heads=a.kv,
                         max_position_embeddings=4096, tie_word_embeddings=True, eos_token_id=tokenizer.eos_token_id,
                         pad_token_id=tokenizer.pad_token_id)
    torch.manual_seed(0)
    model = Qwen2ForCausalLM(config).to(torch.bfloat16 if torch.cuda.is_available() else torch.float32)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    data = Dataset.from_dict({"prompt": [f"What is {i} + {i + 1} ?" for i in range(256)],
                              "answer": [str(2 * i + 1) for i in range(256)]})
    return model, tokenizer, data


def contains_answer(completions: list[str], answer: list[str], **_) -> list[float]:
    """1.0 when the gold answer appears in the completion (a random model scores ~0; the reward is not the point)."""
    return [float(x in c) for c, x in zip(completions, answer)]


def run_one(a: argparse.Namespace) -> dict:
    """Train ``a.one`` for ``a.steps`` steps and return its timings."""
    import torch
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    import train

    cuda = torch.cuda.is_available()
    model, tokenizer, data = build_model_and_data(a)
    out_dir = tempfile.mkdtemp(prefix=f"gpu_grpo_{a.one}_")
    shape = dict(num_generations=a.G, per_device_train_batch_size=a.prompts * a.G, max_completion_length=a.max_len,
                 max_steps=a.steps, logging_steps=1, report_to="none", save_strategy="no", output_dir=out_dir)
    if a.one in ("train_py", *COMPILED):
        flags = {**shape, **(COMPILED_FLAGS if a.one in COMPILED else {})}
        _, config = train.parse_args([f"--{k}={v}" for k, v in flags.items()])
    else:
        config = GRPOConfig(**shape, bf16=cuda, use_cpu=not cuda, gradient_checkpointing=False,
                            cache_implementation="static" if a.one == "trl_static" else None)
    step_seconds: list[float] = []

    class StepTimer(TrainerCallback):
        def on_step_begin(self, *args, **kwargs):
            if cuda:
                torch.cuda.synchronize()
            self.started = time.perf_counter()

        def on_step_end(self, *args, **kwargs):
            if cuda:
                torch.cuda.synchronize()
            step_seconds.append(time.perf_counter() - self.started)
            print(f"{a.one} step {len(step_seconds)}: {step_seconds[-1]:.2f}s", flush=True)

    trainer = GRPOTrainer(model=model, reward_funcs=[contains_answer], args=config, train_dataset=data,
                          processing_class=tokenizer, callbacks=[StepTimer()])
    if a.one in COMPILED:
        from transformers import CompileConfig

        gen = trainer.generation_config
        gen.disable_compile = False
        gen.compile_config = CompileConfig(mode="default" if a.one == "static_compiled_nocg" else "reduce-overhead")
        gen.compile_config._compile_all_devices = a.force_compile or None
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    started = time.perf_counter()
    trainer.train()
    wall = time.perf_counter() - started
    lengths = [r["completions/mean_length"] for r in trainer.state.log_history if "completions/mean_length" in r]
    timed = step_seconds[a.warmup:] or step_seconds
    timed_lengths = lengths[a.warmup:] or lengths
    s_per_step = statistics.median(timed)
    tokens_per_step = a.prompts * a.G * statistics.mean(timed_lengths)
    import torch._dynamo.utils as dynamo_utils

    gen = trainer.generation_config
    return {
        "variant": a.one, "s_per_step": s_per_step, "tokens_per_s": tokens_per_step / s_per_step,
        "completion_tokens_per_step": tokens_per_step, "step_seconds": step_seconds, "wall_seconds": wall,
        "peak_memory_gib": torch.cuda.max_memory_allocated() / 2**30 if cuda else None,
        "settings": {"cache_implementation": gen.cache_implementation, "compiled_decoding": not gen.disable_compile,
                     "compile_mode": (gen.compile_config.mode if gen.compile_config and not gen.disable_compile
                                      else None),
                     "pad_to_multiple_of": config.pad_to_multiple_of, "bf16": config.bf16,
                     "gradient_checkpointing": config.gradient_checkpointing},
        "dynamo_unique_graphs": dynamo_utils.counters["stats"].get("unique_graphs", 0),
        "n_parameters": sum(p.numel() for p in model.parameters()),
    }


def environment() -> dict:
    """Date, versions and device, stamped on every result file."""
    import torch
    import transformers
    import trl

    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(), "torch": torch.__version__, "transformers": transformers.__version__,
            "trl": trl.__version__,
            "device": torch.cuda.get_device_name() if torch.cuda.is_available() else platform.processor() or "cpu"}


def main(argv: list[str] | None = None) -> dict:
    """Run every variant in its own subprocess and print a table (s/step, ratio to trl_default, tokens/s, memory)."""
    a = parse(argv)
    if a.one:
        print("RESULT " + json.dumps(run_one(a)), flush=True)
        return {}
    passthrough = [arg for arg in (argv if argv is not None else sys.argv[1:])]
    results = {"environment": environment(), "config": {k: v for k, v in vars(a).items() if k not in ("out", "one")},
               "variants": {}}
    for variant in a.variants:
        cmd = [sys.executable, str(Path(__file__).resolve()), *passthrough, "--one", variant]
        started = time.perf_counter()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout)
            lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
            record = json.loads(lines[-1][7:]) if lines else {
                "variant": variant, "error": f"exit {proc.returncode}: {proc.stderr[-2000:]}"}
            print("\n".join(ln for ln in proc.stdout.splitlines() if not ln.startswith("RESULT ")), flush=True)
        except subprocess.TimeoutExpired as e:
            record = {"variant": variant, "error": f"timed out after {a.timeout}s",
                      "partial_stdout": (e.stdout or b"")[-2000:].decode(errors="replace")
                      if isinstance(e.stdout, bytes) else (e.stdout or "")[-2000:]}
        record["subprocess_seconds"] = time.perf_counter() - started
        results["variants"][variant] = record
        if a.out:  # after every variant, so a later crash keeps the earlier figures
            a.out.parent.mkdir(parents=True, exist_ok=True)
            a.out.write_text(json.dumps(results, indent=2))
    base = results["variants"].get("trl_default", {}).get("s_per_step")
    print(f"\n{results['environment']}")
    print(f"{'variant':<16} {'s/step':>8} {'vs trl':>7} {'tok/s':>9} {'peak GiB':>9}  settings")
    for name, r in results["variants"].items():
        if "error" in r:
            print(f"{name:<16} error: {r['error'][:300]}")
            continue
        ratio = f"{base / r['s_per_step']:.2f}x" if base else "-"
        mem = f"{r['peak_memory_gib']:.1f}" if r["peak_memory_gib"] is not None else "-"
        print(f"{name:<16} {r['s_per_step']:>8.2f} {ratio:>7} {r['tokens_per_s']:>9.0f} {mem:>9}  {r['settings']}")
    return results


if __name__ == "__main__":
    main()
