"""A reward for the multi-process test that scores every completion (the test policy is almost never right, so
``math_exact`` would be 0 on both ranks and could not tell them apart)."""


def digit_fraction(completions: list[str], **_) -> list[float]:
    """The share of a completion's characters that are digits (0.0 for an empty completion)."""
    return [sum(ch.isdigit() for ch in c) / len(c) if c else 0.0 for c in completions]


def prompt_log(prompts: list[str], completions: list[str], trainer_state=None, **_) -> list[float]:
    """Scores 0 and appends ``{rank, step, prompts}`` to ``$PROMPT_LOG.rank<R>``: which prompts each rank scored."""
    import json
    import os

    rank = int(os.environ.get("RANK", "0"))
    with open(f"{os.environ['PROMPT_LOG']}.rank{rank}", "a") as f:
        f.write(json.dumps({"rank": rank, "step": trainer_state.global_step, "prompts": prompts}) + "\n")
    return [0.0] * len(completions)


def mixed_by_prompt(prompts: list[str], completions: list[str], trainer_state=None, **_) -> list[float]:
    """Mixed groups (1, 0, 1, ... along a group's rows) for prompts starting with 0, 3, 6 or 9, all wrong for the
    others; logs what this rank scored as `prompt_log` does."""
    prompt_log(prompts, completions, trainer_state)
    return [float(i % 2) if int(p[0]) % 3 == 0 else 0.0 for i, p in enumerate(prompts)]
