"""A seeded corpus of math completions for benchmarking rewards: 16 completions per gold, each of a known kind.

Half the golds are GSM8K-style integers, half MATH-style answers (fractions, roots, intervals, tuples, sets,
polynomials, percents, degrees, choices, matrices). Each gold gets one completion of each `KINDS` entry, so every
verdict disagreement between two rewards can be traced to a kind whose right answer is known.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import gcd

# kind -> whether a correct reward scores it 1 (None: depends on the reward's rules, see EXPECTED_NOTES)
KINDS = {
    "boxed": True, "boxed_variant": True, "gsm8k": True, "think": True, "answer_tag": True, "answer_is": True,
    "minerva": True, "long_reasoning": True, "bare_last_line": True,
    "wrong_boxed": False, "wrong_answer_is": False, "long_wrong": False,
    "hedge_or": False, "hedge_two_boxed": False, "hedge_list": False, "truncated_box": False,
}


@dataclass(frozen=True)
class Row:
    """One completion: its gold, its kind and whether a correct reward scores it 1."""

    gold: str
    completion: str
    kind: str
    expected: bool


def build(n_golds: int = 640, seed: int = 0) -> list[Row]:
    """``16 * n_golds`` rows: half integer golds, half MATH-style golds."""
    rng = random.Random(seed)
    rows = []
    for i in range(n_golds):
        gold, variant, wrong = _integer(rng) if i % 2 == 0 else _math_style(rng)
        rows += _completions(rng, gold, variant, wrong)
    return rows


def arithmetic_batch(seed: int = 0) -> tuple[list[str], list[str]]:
    """512 completions shaped like ``train.py``'s default step (64 sums x 8): mostly boxed integers, some garbled."""
    rng = random.Random(seed)
    completions, golds = [], []
    for _ in range(64):
        a, b = rng.randint(10, 99), rng.randint(10, 99)
        for _ in range(8):
            r = rng.random()
            n = a + b if r < 0.5 else a + b + rng.randint(-20, 20)
            completions.append(f"\\boxed{{{n}}}" if r < 0.9 else rng.choice(
                [f"\\boxed{{{n}", f"{n}}}", f"\\boxed{{{n}}}}}", f"{n}+", "\\boxed{}", f"={n}"]))
            golds.append(str(a + b))
    return completions, golds


def _integer(rng: random.Random) -> tuple[str, str, str]:
    n = rng.randint(2, 5000)
    variant = f"{n:,}" if n >= 1000 else f"{n}.0"
    return str(n), variant, str(n + rng.choice([-10, -1, 1, 2, 12]))


def _math_style(rng: random.Random) -> tuple[str, str, str]:
    a, b = rng.randint(1, 30), rng.randint(2, 40)
    b += b == a  # swapped pairs must differ from the gold
    kind = rng.randrange(11)
    if kind == 0:
        g = gcd(a, b)
        a, b = a // g, b // g if b // g != 1 else b // g + 1
        return f"\\frac{{{a}}}{{{b}}}", f"\\dfrac{{{a}}}{{{b}}}", f"\\frac{{{a + 1}}}{{{b}}}"
    if kind == 1:
        n = rng.choice([2, 3, 5, 6, 7, 10, 11])
        return f"{a}\\sqrt{{{n}}}", f"\\sqrt{{{a * a * n}}}", f"{a + 1}\\sqrt{{{n}}}"
    if kind == 2:
        return f"({a}, {b}]", f"\\left({a},{b}\\right]", f"[{a}, {b}]"
    if kind == 3:
        return f"({a}, -{b})", f"\\left({a}, -{b}\\right)", f"(-{b}, {a})"
    if kind == 4:
        return f"x^2 + {a}x + {b}", f"{b} + {a}x + x^2", f"x^2 + {a}x - {b}"
    if kind == 5:
        return f"{a}\\%", f"{a} \\%", f"{a + 5}\\%"
    if kind == 6:
        return f"{a * 3}^\\circ", f"{a * 3}^{{\\circ}}", f"{a * 3 + 10}^\\circ"
    if kind == 7:
        letter = rng.choice("ABCDE")
        other = "ABCDE"[("ABCDE".index(letter) + 1) % 5]
        return f"\\text{{({letter})}}", f"({letter})", f"({other})"
    if kind == 8:
        return (f"\\begin{{pmatrix}} {a} \\\\ {b} \\end{{pmatrix}}", f"\\begin{{pmatrix}}{a}\\\\{b}\\end{{pmatrix}}",
                f"\\begin{{pmatrix}} {b} \\\\ {a} \\end{{pmatrix}}")
    if kind == 9:
        return f"\\frac{{{a}\\pi}}{{{b}}}", f"\\frac{{{a}}}{{{b}}}\\pi", f"\\frac{{{a}\\pi}}{{{b + 1}}}"
    return f"x = {a}", f"{a}", f"x = {a + 3}"


_STEPS = [
    "First we write down what is given and name the unknown quantity.",
    "Substituting the values, we get $3 \\cdot 4 = 12$ for the first part.",
    "Next, $12 + 7 = 19$, which we keep for later.",
    "We check the units: everything is measured in the same unit, so no conversion is needed.",
    "Dividing, $\\frac{19}{1} = 19$, so the intermediate result stands.",
    "Let me double check the arithmetic by redoing the sum in a different order.",
]


def _reasoning(rng: random.Random, sentences: int) -> str:
    return "\n".join(rng.choice(_STEPS) for _ in range(sentences))


def _completions(rng: random.Random, gold: str, variant: str, wrong: str) -> list[Row]:
    short = _reasoning(rng, 3)
    long = _reasoning(rng, 40)
    first, second = (gold, wrong) if rng.random() < 0.5 else (wrong, gold)  # hedges name the gold first or last
    texts = {
        "boxed": f"{short}\nSo the answer is $\\boxed{{{gold}}}$.",
        "boxed_variant": f"{short}\nTherefore $\\boxed{{{variant}}}$.",
        "gsm8k": f"{short}\n#### {gold}",
        "think": (f"<think>{short}\nMaybe it is $\\boxed{{{wrong}}}$? No, recheck.</think>\n"
                  f"The answer is $\\boxed{{{gold}}}$."),
        "answer_tag": f"{short}\n<answer>{gold}</answer>",
        "answer_is": f"{short}\nThe answer is ${gold}$.",
        "minerva": f"{short}\nFinal Answer: The final answer is ${gold}$. I hope it is correct.",
        "long_reasoning": f"{long}\nPutting it all together, the answer is $\\boxed{{{gold}}}$.",
        "bare_last_line": f"{short}\n${gold}$",
        "wrong_boxed": f"{short}\nSo the answer is $\\boxed{{{wrong}}}$.",
        "wrong_answer_is": f"{short}\nThe answer is ${wrong}$.",
        "long_wrong": f"{long}\nPutting it all together, the answer is $\\boxed{{{wrong}}}$.",
        "hedge_or": f"{short}\nThe answer is {first} or {second}.",
        # boxes written together; a box later in the prose would be a self-correction, and only the last box counts
        "hedge_two_boxed": f"{short}\nI get $\\boxed{{{first}}}$ or $\\boxed{{{second}}}$.",
        "hedge_list": f"{short}\nThe answer is $\\boxed{{{first}; {second}}}$.",
        "truncated_box": f"{short}\nSo the answer is $\\boxed{{{gold}",
    }
    return [Row(gold, texts[kind], kind, expected) for kind, expected in KINDS.items()]


def pathological() -> dict[str, str]:
    """Inputs that hang or blow up naive parsers; gold ``5`` for all, and none of them is a correct answer."""
    mb = 1_000_000
    return {
        "1 MB, no answer": "Let me think. " * (mb // 14),
        "1 MB, then unclosed \\boxed{": "x" * mb + "\\boxed{5",
        "1 MB of nested parens": "(" * (mb // 2) + "5" + ")" * (mb // 2),
        "paren bomb in \\boxed{}": "\\boxed{" + "(" * 5000 + "5" + ")" * 5000 + "}",
        "brace bomb in \\boxed{}": "\\boxed{" + "{" * 5000 + "5" + "}" * 5000 + "}",
        "exponent tower (LaTeX)": "\\boxed{9^{9^{9^{9^{9}}}}}",
        "exponent tower (plain)": "so the result is 9^9^9^9^9",
        "unclosed \\boxed{": "The answer is clearly \\boxed{5",
        "(10^9)!": "\\boxed{(10^{9})!}",
        "10^(10^7)": "\\boxed{10^{10^{7}}}",
        "Gamma(10^9), past the caps": "\\boxed{\\Gamma(10^{9})}",
    }
