"""math_exact against benchmark gold formats and real model output styles (gold, completion, expected, id).

Golds are written as GSM8K, MATH / MATH-500, AIME, AMC and OlympiadBench store them; completions as Qwen2.5-Math,
DeepSeek-R1, Llama and SFT'd GSM8K models write them. Each format has its obvious correct answers (1.0) beside
near misses (0.0).
"""

from __future__ import annotations

import pytest


def r1(answer: str) -> str:
    """DeepSeek-R1 / Qwen style: reasoning that considers another value, then a boxed summary in display math."""
    return ("<think>\nFirst try: maybe \\boxed{7}? No, recheck.\n</think>\n\nThe computation gives the result.\n\n"
            f"**Final Answer**\n\\[\n\\boxed{{{answer}}}\n\\]")


def llama(answer: str) -> str:
    return ("## Step 1: Set up\nWe compute it.\n\n## Step 2: Conclude\nSo it is done.\n\n"
            f"The final answer is: $\\boxed{{{answer}}}$")


def minerva(answer: str) -> str:
    return f"Final Answer: The final answer is ${answer}$. I hope it is correct."


GSM8K_SOLUTION = ("Natalia sold 48/2 = <<48/2=24>>24 clips in May.\n"
                  "Natalia sold 48+24 = <<48+24=72>>72 clips altogether in April and May.\n#### 72")

GSM8K = [
    (GSM8K_SOLUTION, "\\boxed{72}", 1.0, "solution-column"),
    (GSM8K_SOLUTION, "\\boxed{24}", 0.0, "solution-column-intermediate"),
    ("#### 1,234", "The answer is 1234.", 1.0, "gold-thousands"),
    ("1,234", "\\boxed{1,234}", 1.0, "both-thousands"),
    ("He pays $5 * 3 = $<<5*3=15>>15.\n#### 15", "He pays $15 in total.\n#### 15", 1.0, "gold-dollars-in-rationale"),
    ("1234", "She has $1,234.", 1.0, "last-line-dollar-thousands"),
    ("18", "She sells 16 - 3 - 4 = <<16-3-4=9>>9 eggs a day.\nShe makes 9 * 2 = $<<9*2=18>>18 every day.\n#### 18",
     1.0, "sft-calculator-annotations"),
    ("18", "The answer is $18.", 1.0, "answer-is-dollar"),
    ("18", "The answer is \\$18.", 1.0, "answer-is-escaped-dollar"),
    ("18", "**Answer:** $18", 1.0, "markdown-answer-dollar"),
    ("18", "So she makes **$18** per day.", 1.0, "markdown-bold-dollar"),
    ("18", "So she makes **$19** per day.", 0.0, "markdown-bold-dollar-wrong"),
    ("10", "Therefore, Sam has 10 cookies left.", 1.0, "last-line-words"),
    ("10", "The answer is 10 cookies.", 1.0, "answer-is-unit"),
    ("10", "### Final Answer\n$$10$$", 1.0, "markdown-heading-display"),
    ("\\frac{1}{2}", "The answer is $\\frac{1}{2}$ of the pie.", 1.0, "answer-is-span-then-words"),
    ("\\frac{1}{2}", "The answer is $\\frac{1}{3}$ of the pie.", 0.0, "answer-is-span-then-words-wrong"),
    ("5", "The answer is $5$ or $6$ apples.", 0.0, "answer-is-spans-or-still-hedge"),
]

MATH = [
    ("\\frac{\\sqrt{3}}{2}", r1("\\dfrac{\\sqrt{3}}{2}"), 1.0, "sqrt-dfrac"),
    ("\\frac{\\sqrt{3}}{2}", "\\boxed{\\sqrt{3}/2}", 1.0, "sqrt-slash"),
    ("\\frac{\\sqrt{3}}{2}", "\\boxed{\\frac{1}{2}\\sqrt{3}}", 1.0, "sqrt-half-coefficient"),
    ("\\frac{\\sqrt{3}}{2}", r1("\\frac{1}{2}"), 0.0, "sqrt-wrong"),
    ("\\frac{\\sqrt{3}}{2}", "\\boxed{0.866}", 0.0, "sqrt-rounded"),
    ("\\text{Evelyn}", "\\boxed{\\text{Evelyn}}", 1.0, "name"),
    ("\\text{Evelyn}", "\\boxed{Evelyn}", 1.0, "name-bare"),
    ("\\text{Evelyn}", "The answer is Evelyn.", 1.0, "name-prose"),
    ("\\text{Evelyn}", "\\boxed{\\text{Brenda}}", 0.0, "name-wrong"),
    ("(3,-1)", "\\boxed{\\left(3, -1\\right)}", 1.0, "pair-left-right"),
    ("(3,-1)", "\\boxed{(-1, 3)}", 0.0, "pair-order"),
    ("\\$32,\\!348", "\\boxed{32348}", 1.0, "money-negative-space"),
    ("\\$32,\\!348", "\\boxed{\\$32,348}", 1.0, "money-comma"),
    ("\\$32,\\!348", "The total is $\\$32,\\!348$.", 1.0, "money-last-line"),
    ("\\$32,\\!348", "\\boxed{32349}", 0.0, "money-wrong"),
    ("1,\\!000", "\\boxed{1{,}000}", 1.0, "thousands-braced-comma"),
    ("1000", "\\boxed{1\\,000}", 1.0, "thousands-thin-space"),
    ("10\\%", "\\boxed{10}", 1.0, "percent-bare"),
    ("10\\%", "\\boxed{0.1}", 1.0, "percent-fraction"),
    ("10\\%", "\\boxed{11\\%}", 0.0, "percent-wrong"),
    ("x^2+7x+10", "\\boxed{(x+2)(x+5)}", 1.0, "polynomial-factored"),
    ("x^2+7x+10", "\\boxed{x^2+7x+11}", 0.0, "polynomial-wrong"),
    ("x^2+7x+10", "\\boxed{x^2+7x+10=0}", 0.0, "polynomial-equation"),
    ("2\\sqrt{2}", "\\boxed{\\sqrt{8}}", 1.0, "surd"),
    ("2\\sqrt{2}", "\\boxed{2.83}", 0.0, "surd-rounded"),
    ("11\\sqrt2", "\\boxed{11\\sqrt{2}}", 1.0, "surd-unbraced-gold"),
    ("-\\frac{1}{2}", "\\boxed{\\frac{-1}{2}}", 1.0, "negative-numerator"),
    ("-\\frac{1}{2}", "\\boxed{-\\tfrac12}", 1.0, "tfrac"),
    ("-\\frac{1}{2}", "\\boxed{\\frac{1}{2}}", 0.0, "negative-dropped"),
    ("\\infty", "\\boxed{-\\infty}", 0.0, "infinity-sign"),
    ("[1,2)", "\\boxed{[1, 2)}", 1.0, "half-open"),
    ("[1,2)", "\\boxed{[1, 2]}", 0.0, "half-open-wrong"),
    ("\\pi/2", "\\boxed{\\frac{\\pi}{2}}", 1.0, "pi-slash"),
    ("\\frac{\\pi}{2}", "\\boxed{90^\\circ}", 0.0, "radians-as-degrees"),
    ("\\dfrac{3}{4}", "\\boxed{0.75}", 1.0, "dfrac-decimal"),
    ("6\\sqrt{3}\\text{ cm}^2", "\\boxed{6\\sqrt{3}}", 1.0, "unit-gold-bare-answer"),
    ("6\\sqrt{3}\\text{ cm}^2", "\\boxed{6\\sqrt{3}\\ \\text{cm}^2}", 1.0, "unit-both"),
    ("6\\sqrt{3}\\text{ cm}^2", "\\boxed{3\\sqrt{3}}", 0.0, "unit-gold-wrong"),
    ("40^\\circ", "\\boxed{40°}", 1.0, "degree-sign"),
    ("40^\\circ", "\\boxed{40 \\text{ degrees}}", 1.0, "degree-word"),
    ("40^\\circ", "\\boxed{50^\\circ}", 0.0, "degree-wrong"),
    ("x \\in [-2,7]", "\\boxed{[-2, 7]}", 1.0, "membership-interval"),
    ("x \\in [-2,7]", "\\boxed{(-2, 7)}", 0.0, "membership-interval-wrong"),
    ("y = 2x+3", "\\boxed{2x+3}", 1.0, "line-right-side"),
    ("y = 2x+3", "\\boxed{y = 2x + 4}", 0.0, "line-wrong"),
    ("\\begin{pmatrix} 1 \\\\ -2 \\end{pmatrix}", "\\boxed{\\begin{bmatrix} 1 \\\\ -2 \\end{bmatrix}}", 1.0,
     "vector-bmatrix"),
    ("\\begin{pmatrix} 1 \\\\ -2 \\end{pmatrix}", "\\boxed{\\begin{pmatrix} -2 \\\\ 1 \\end{pmatrix}}", 0.0,
     "vector-order"),
    ("\\{1, 3\\}", "\\boxed{1, 3}", 1.0, "set-bare"),
    ("\\{1, 3\\}", "\\boxed{\\{1, 4\\}}", 0.0, "set-wrong"),
    ("1011_2", "\\boxed{1011}", 1.0, "base-subscript-dropped"),
    ("1011_2", "\\boxed{1010_2}", 0.0, "base-wrong"),
    ("\\text{odd}", "\\boxed{\\text{odd}}", 1.0, "word"),
    ("\\text{odd}", "\\boxed{\\text{even}}", 0.0, "word-wrong"),
    ("\\text{Yes}", "\\boxed{yes}", 1.0, "word-case"),
    ("(-\\infty, 0) \\cup (1, \\infty)", "\\boxed{(-\\infty,0)\\cup(1,\\infty)}", 1.0, "union"),
    ("(-\\infty, 0) \\cup (1, \\infty)", "\\boxed{(-\\infty,0]\\cup(1,\\infty)}", 0.0, "union-wrong"),
    ("3, 5, 7", "\\boxed{7, 5, 3}", 1.0, "list-any-order"),
    ("3, 5, 7", "\\boxed{3}, \\boxed{5}, \\boxed{7}", 1.0, "list-boxed-separately"),
    ("3, 5, 7", "\\boxed{3, 5}", 0.0, "list-short"),
    ("3\\frac{1}{2}", "\\boxed{\\frac{7}{2}}", 1.0, "mixed-number-gold"),
    ("3\\frac{1}{2}", "\\boxed{\\frac{3}{2}}", 0.0, "mixed-number-not-product"),
    ("\\$18.90", "\\boxed{\\$18.9}", 1.0, "cents"),
    ("\\$18.90", "\\boxed{18.09}", 0.0, "cents-wrong"),
    ("2, -2", "\\boxed{x = \\pm 2}", 1.0, "plus-minus-answer"),
    ("\\pm 2", "\\boxed{2, -2}", 1.0, "plus-minus-gold"),
    ("\\pm 2", "\\boxed{2}", 0.0, "plus-minus-gold-half"),
    ("(2, 3)", "\\boxed{x=2, y=3}", 1.0, "pair-as-assignments"),
    ("(2, 3)", "The solution is $x = 2$, $y = 3$.", 1.0, "pair-as-assignments-prose"),
    ("(2, 3)", "\\boxed{x=3, y=2}", 0.0, "pair-as-assignments-wrong"),
    ("(2, 3)", "\\boxed{x=2, x=3}", 0.0, "pair-as-assignments-one-variable"),
    ("(2, 3)", "\\boxed{x=2, y=3, z=4}", 0.0, "pair-as-assignments-too-many"),
    ("-2, 2", "\\boxed{x=2 \\text{ or } x=-2}", 1.0, "or-lists-solutions"),
    ("-2, 2", "\\boxed{x=2 \\text{ or } x=3}", 0.0, "or-lists-solutions-wrong"),
    ("(3, -4)", "\\boxed{(3, -4) \\text{ or } (-4, 3)}", 0.0, "or-between-tuples-still-hedge"),
]

CHOICES = [
    ("\\text{(C)}", "\\boxed{C}", 1.0, "text-gold-letter"),
    ("\\text{(C)}", "\\boxed{(C)}", 1.0, "text-gold-paren"),
    ("\\text{(C)}", "\\boxed{D}", 0.0, "text-gold-wrong"),
    ("C", "\\boxed{\\text{(C)}}", 1.0, "letter-gold-text"),
    ("C", "\\boxed{\\mathrm{(C)}}", 1.0, "letter-gold-mathrm"),
    ("C", "The answer is $\\boxed{\\textbf{(C) } 12}$", 1.0, "amc-answer"),
    ("\\textbf{(C) } 12", "\\boxed{C}", 1.0, "amc-gold-letter"),
    ("\\textbf{(C) } 12", "\\boxed{D}", 0.0, "amc-gold-wrong-letter"),
    ("\\textbf{(C) } 12", "\\boxed{13}", 0.0, "amc-gold-wrong-value"),
    ("\\mathrm{(B)}", "\\boxed{B}", 1.0, "mathrm-gold"),
    ("\\mathrm{(B)}", "\\boxed{C}", 0.0, "mathrm-gold-wrong"),
    ("\\text{(A)}", "The correct option is \\boxed{A}.", 1.0, "option-prose"),
    ("\\text{(D)}", "After checking each option:\n\n**D**", 1.0, "bold-letter-last-line"),
    ("\\text{(D)}", "After checking each option:\n\n**C**", 0.0, "bold-letter-last-line-wrong"),
    ("\\text{(D)}", "The correct answer is **(D) 42**.", 1.0, "bold-letter-and-value"),
    ("\\textbf{(C) } 12", "\\boxed{12}", 1.0, "amc-gold-value"),
    ("\\textbf{(C) } 12", "The answer is 12.", 1.0, "amc-gold-value-prose"),
    ("\\textbf{(C) } 12", "\\boxed{(D) 12}", 0.0, "amc-gold-value-other-letter"),
    ("\\textbf{(C) }\\frac{\\sqrt3}{2}", "\\boxed{\\frac{\\sqrt{3}}{2}}", 1.0, "amc-gold-symbolic-value"),
    ("\\textbf{(C) }\\frac{\\sqrt3}{2}", "\\boxed{\\frac{\\sqrt{2}}{2}}", 0.0, "amc-gold-symbolic-value-wrong"),
    ("\\text{(C)}", "\\boxed{12}", 0.0, "letter-gold-value-answer"),
    # MATH's "enter the letters of the correct options, separated by commas"
    ("\\text{A, C}", "\\boxed{C, A}", 1.0, "several-any-order"),
    ("\\text{A, C}", "\\boxed{\\text{(A), (C)}}", 1.0, "several-parenthesized"),
    ("\\text{A, C}", "The answer is A and C.", 1.0, "several-and"),
    ("\\text{A, C}", "\\boxed{A}, \\boxed{C}", 1.0, "several-boxed-separately"),
    ("A, C", "\\boxed{\\text{A, C}}", 1.0, "several-text-answer"),
    ("\\text{A, C}", "\\boxed{A}", 0.0, "several-short"),
    ("\\text{A, C}", "\\boxed{A, C, D}", 0.0, "several-long"),
]

AIME_OLYMPIAD = [
    ("025", "\\boxed{25}", 1.0, "aime-leading-zero-gold"),
    ("25", "\\boxed{025}", 1.0, "aime-leading-zero-answer"),
    ("025", "\\boxed{250}", 0.0, "aime-wrong"),
    ("204", r1("204"), 1.0, "aime-r1"),
    ("$\\frac{1}{2}$", "\\boxed{\\frac12}", 1.0, "olympiad-dollar-gold"),
    ("$\\frac{1}{2}$", "\\boxed{\\frac13}", 0.0, "olympiad-dollar-gold-wrong"),
    ("$2$, $3$", "\\boxed{2, 3}", 1.0, "olympiad-several-answers"),
    ("$2$, $3$", "\\boxed{2}", 0.0, "olympiad-several-answers-short"),
]

STYLES = [
    ("5", r1("5"), 1.0, "r1-final-answer"),
    ("7", r1("5"), 0.0, "r1-final-answer-not-thinking"),
    ("5", llama("5"), 1.0, "llama"),
    ("5", llama("6"), 0.0, "llama-wrong"),
    ("5", minerva("5"), 1.0, "minerva"),
    ("5", minerva("6"), 0.0, "minerva-wrong"),
    ("5", "\\boxed{5}\n\nI hope it is correct.", 1.0, "box-then-hope"),
    ("20", "<think>4*5=20.</think>\n\n**Solution:**\n\n1. Compute $4\\times 5$.\n\n**Final Answer:** $\\boxed{20}$",
     1.0, "markdown-summary"),
    ("20", "<think>4*5=20.</think>\n\nThe answer is **20**.", 1.0, "think-then-bold"),
    # several boxes: the last is the answer unless written together with others as alternatives
    ("12", "Step 1: \\boxed{7}\nStep 2: 7 + 5 = \\boxed{12}", 1.0, "intermediate-box"),
    ("12", "The subtotal is $\\boxed{7}$. Adding 5, the final answer is $\\boxed{12}$.", 1.0, "intermediate-box-prose"),
    ("7", "Step 1: \\boxed{7}\nStep 2: 7 + 5 = \\boxed{12}", 0.0, "intermediate-box-is-not-the-answer"),
    ("12", "\\[\\boxed{7}\\] or \\[\\boxed{12}\\]", 0.0, "display-boxes-as-alternatives"),
    ("12", "$\\boxed{7}$, $\\boxed{12}$", 0.0, "boxes-as-list"),
    # display math on the last lines, without a box
    ("5", "So the answer is\n\\[\nx = 5\n\\]", 1.0, "answer-is-display"),
    ("\\frac{3}{4}", "Therefore the probability is\n\\[\n\\frac{3}{4}\n\\]", 1.0, "display-last-lines"),
    ("\\frac{3}{4}", "Therefore the probability is\n\\[\n\\frac{3}{4}.\n\\]", 1.0, "display-last-lines-period"),
    ("\\frac{3}{4}", "Therefore the probability is\n\\[\n\\frac{2}{4}\n\\]", 0.0, "display-last-lines-wrong"),
    ("\\frac{3}{4}", "Therefore the probability is \\(\\frac{3}{4}\\).", 1.0, "inline-parens"),
    ("5", "Thus\n\\[ x = 5. \\]", 1.0, "display-one-line"),
    # chat-template tokens left in by decoding without skip_special_tokens
    ("5", "The answer is 5<|eot_id|>", 1.0, "llama-eot-token"),
    ("5", "\\boxed{5}<|im_end|>", 1.0, "qwen-im-end-token"),
    ("5", "The answer is 6<|eot_id|>", 0.0, "llama-eot-token-wrong"),
    # cut off by max_completion_length
    ("7", "First we add 3 + 4 = 7 and then we multiply by", 0.0, "truncated-mid-sentence"),
    ("12", "We have 3 + 4 = 7. Then 7 + 5 = 12. Next, we need to sub", 0.0, "truncated-after-value"),
    ("12", "<think>\nLet me compute 3 + 4 = 7 and 7 + 5 = 12. Then", 0.0, "truncated-in-thinking"),
    ("12", "So the total is \\boxed{12", 0.0, "truncated-in-box"),
]

ROWS = ([(g, c, e, f"gsm8k-{i}") for g, c, e, i in GSM8K] + [(g, c, e, f"math-{i}") for g, c, e, i in MATH]
        + [(g, c, e, f"choice-{i}") for g, c, e, i in CHOICES] + AIME_OLYMPIAD + STYLES)


@pytest.mark.parametrize(("gold", "completion", "expected"), [r[:3] for r in ROWS], ids=[r[3] for r in ROWS])
def test_row(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


def test_all_rows_in_one_batch(math_exact):
    assert math_exact(completions=[r[1] for r in ROWS], answer=[r[0] for r in ROWS]) == [r[2] for r in ROWS]
