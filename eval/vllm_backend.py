"""Optional vLLM generation for `eval.evaluate` (``python -m eval --backend vllm``).

vLLM needs Linux and a CUDA GPU and is not a dependency of rlvr-kit; asking for it without it installed is a clear
error, never a silent fallback. Limit: this path has not been run in rlvr-kit's CI (vLLM is not installable there);
token ids come from vLLM's own tokenizer of the same model path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewards.errors import RlvrError


def require_vllm() -> Any:
    """Import and return the ``vllm`` module, or raise an `RlvrError` saying how to get it or what to use instead."""
    try:
        import vllm
    except ImportError as e:
        raise RlvrError(
            "--backend vllm needs the `vllm` package, which is not installed here. Install it on a Linux machine with "
            "a CUDA GPU (`pip install vllm`), or use --backend hf (batched transformers generate, the default)."
        ) from e
    return vllm


def vllm_sampler(model_path: str, *, temperature: float = 1.0, top_p: float = 1.0, max_new_tokens: int = 64,
                 **llm_kwargs: Any):
    """A `eval.harness.Sampler` backed by a vLLM engine loaded from ``model_path`` (a local folder or hub id)."""
    vllm = require_vllm()
    from eval.harness import Samples

    llm = vllm.LLM(model=model_path, **llm_kwargs)
    tokenizer = llm.get_tokenizer()

    def sample(prompts: Sequence[Any], n: int, greedy: bool, seed: int) -> Samples:
        params = vllm.SamplingParams(n=n, temperature=0.0 if greedy else temperature, top_p=1.0 if greedy else top_p,
                                     max_tokens=max_new_tokens, seed=seed)
        texts = [p if isinstance(p, str) else tokenizer.apply_chat_template(p, add_generation_prompt=True,
                                                                           tokenize=False) for p in prompts]
        outputs = llm.generate(texts, params, use_tqdm=False)
        return Samples([[o.text for o in out.outputs] for out in outputs],
                       [[list(o.token_ids) for o in out.outputs] for out in outputs])

    sample.backend = "vllm"  # type: ignore[attr-defined]  # recorded in the result's sampling parameters
    return sample
