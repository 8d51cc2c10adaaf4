#!/usr/bin/env bash
# The one device call behind bench/RESULTS.md's GPU figures: bring TRL & co. as wheels in .whl/ (the GPU machine has no PyPI),
# time a GRPO step (bench/gpu_grpo.py), then train a larger from-scratch policy with GRPO (bench/gpu_train.py).
# Run from a copy of the repo holding .whl/; logs and JSON land in $OUT. Sized for one 10-minute device call;
# VARIANTS, POLICY_ARGS, TRAIN_ARGS, BENCH_S, VARIANT_S and TRAIN_S override the defaults.
set -uo pipefail
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 RLVR_KIT_CACHE=/tmp/rlvr-cache TOKENIZERS_PARALLELISM=false
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD
set -f  # no globbing from here on: operators=+-* is an argument, not a pattern
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
python3 -c "import torch, transformers, trl, datasets; print('torch', torch.__version__, 'transformers', transformers.__version__, 'trl', trl.__version__, 'datasets', datasets.__version__)"
timeout ${BENCH_S:-320} python3 bench/gpu_grpo.py --variants ${VARIANTS:-trl_default static_compiled_nocg static_compiled} --steps 6 --warmup 2 --timeout ${VARIANT_S:-100} \
  --out "$OUT/gpu_grpo.json" 2>&1 | grep -v "^{'loss" > "$OUT/bench.log"
tail -6 "$OUT/bench.log"
timeout ${TRAIN_S:-240} python3 bench/gpu_train.py --out /tmp/gpu_train ${POLICY_ARGS:---env_kwargs digits=2 operators=+-* n_train=20000 --hidden 256 --layers 6 --heads 4 --ffn 1024 --sft_batch_size 512 --sft_max_steps 1200 --check_every 100} -- \
  ${TRAIN_ARGS:---max_steps 120 --logging_steps 10} 2>&1 | tr '\r' '\n' | grep -v "it/s\]\|s/it\]\|batch/s\]\|s/batch\]" > "$OUT/train.log"
grep -E "^policy|^before|^\||^results|Error|error" "$OUT/train.log" | tail -20
cp /tmp/gpu_train/results.json /tmp/gpu_train/summary.json /tmp/gpu_train/reward_curve.png \
   /tmp/gpu_train/reward_log.rank0.jsonl "$OUT/" 2>/dev/null
ls -la "$OUT"
