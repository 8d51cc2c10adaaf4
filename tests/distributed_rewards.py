"""A reward for the multi-process test that scores every completion (the test policy is almost never right, so
``math_exact`` would be 0 on both ranks and could not tell them apart)."""


def digit_fraction(completions: list[str], **_) -> list[float]:
    """The share of a completion's characters that are digits (0.0 for an empty completion)."""
    return [sum(ch.isdigit() for ch in c) / len(c) if c else 0.0 for c in completions]
