# ruff: noqa: E501  (a table of LaTeX cases: long literal rows read better unbroken)
"""Second red-team probe: math_exact against math-verify on new (gold, completion) pairs in real dataset styles.

Independent of redteam/math_probe.py: golds written as MATH, GSM8K, AIME, Minerva and OlympiadBench write them;
completions as Qwen2.5-Math, DeepSeek-R1 and Llama write them. Each row: (category, gold, completion, truth, note);
truth 1 = a careful grader accepts it, 0 = wrong, None = the field is split (left out of the counts).

Run: flock -s /work/cpu.lock /work/main/.venv/bin/python redteam/math_probe2.py  (writes redteam/math_probe2.json)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

R: list[tuple[str, str, str, int | None, str]] = []


def qwen(a: str) -> str:
    return f"Let's think step by step.\nFirst we set up the equation and simplify.\nTherefore, the final answer is $\\boxed{{{a}}}$."


def r1(a: str) -> str:
    return f"<think>\nOkay, so I need to solve this. Let me check again... yes.\n</think>\nWe simplify.\n\n**Final Answer**\n\\[\n\\boxed{{{a}}}\n\\]"


def minerva(a: str) -> str:
    return f"We compute the value.\nFinal Answer: The final answer is ${a}$. I hope it is correct."


def tags(a: str) -> str:
    return f"<think>compute it</think>\n<answer>{a}</answer>"


def llama(a: str) -> str:
    return f"## Step 1: Set up\nWe write the equation.\n\n## Step 2: Solve\nSimplify.\n\nThe final answer is: $\\boxed{{{a}}}$"


STYLES = {"qwen": qwen, "r1": r1, "minerva": minerva, "tags": tags, "llama": llama}


def add(cat: str, gold: str, ans: str, truth: int | None, styles: str = "qwen r1 minerva tags llama", note: str = "") -> None:
    for s in styles.split():
        R.append((cat, gold, STYLES[s](ans), truth, f"{note} [{s}]"))


def full(cat: str, gold: str, comp: str, truth: int | None, note: str = "") -> None:
    R.append((cat, gold, comp, truth, note))


# ---- MATH golds: surds, fractions
G = r"\frac{\sqrt{3}}{2}"
for a in [r"\frac{\sqrt{3}}{2}", r"\dfrac{\sqrt3}{2}", r"\frac{1}{2}\sqrt{3}", r"\sqrt{3}/2", r"\frac{\sqrt{12}}{4}", r"\sqrt{\frac{3}{4}}", r"\frac{3}{2\sqrt{3}}"]:
    add("surd", G, a, 1, "qwen r1 minerva")
add("surd", G, r"\frac{\sqrt{2}}{2}", 0, "qwen r1")
add("surd", G, r"0.8660", 1, "qwen", "4 sig digits")
add("surd", G, r"0.87", 0, "qwen", "early rounding")
add("surd", G, r"\frac{\sqrt{3}}{3}", 0, "qwen")
for a in [r"10\sqrt{2}", r"10 \sqrt 2", r"\sqrt{200}", r"10\sqrt{2}\text{ units}", r"\sqrt{2}\cdot 10", r"10 \times \sqrt{2}"]:
    add("surd", r"10\sqrt{2}", a, 1, "qwen r1 llama")
add("surd", r"10\sqrt{2}", r"10\sqrt{3}", 0, "qwen r1")
add("surd", r"10\sqrt{2}", r"5\sqrt{2}", 0, "qwen")
add("surd", r"2\sqrt{5}", r"\sqrt{20}", 1, "qwen r1")
add("surd", r"\frac{5\sqrt{2}}{2}", r"\frac{5}{\sqrt{2}}", 1, "qwen r1")
add("surd", r"3+2\sqrt{2}", r"2\sqrt{2}+3", 1, "qwen r1")
add("surd", r"3+2\sqrt{2}", r"(1+\sqrt{2})^2", 1, "qwen")
# ---- polar / tuples
G = r"\left( 3, \frac{\pi}{2} \right)"
for a in [r"\left( 3, \frac{\pi}{2} \right)", r"(3, \frac{\pi}{2})", r"(3,\pi/2)", r"\left(3,\dfrac{\pi}{2}\right)"]:
    add("tuple", G, a, 1, "qwen r1 minerva tags")
add("tuple", G, r"(\frac{\pi}{2}, 3)", 0, "qwen r1")
add("tuple", G, r"(3, \frac{3\pi}{2})", 0, "qwen")
add("tuple", G, r"(3, 90^\circ)", None, "qwen", "degrees in polar")
add("tuple", r"(1,-2)", r"(1, -2)", 1, "qwen r1 tags")
add("tuple", r"(1,-2)", r"x=1, y=-2", 1, "qwen", "assignments")
add("tuple", r"(1,-2)", r"(-2, 1)", 0, "qwen")
add("tuple", r"\left( \frac{4}{3}, -\frac{1}{3} \right)", r"\left(\frac43,-\frac13\right)", 1, "qwen r1")
add("tuple", r"(-1, 3, 2)", r"(-1,3,2)", 1, "qwen r1")
add("tuple", r"\begin{pmatrix} 2 \\ -1 \end{pmatrix}", r"\begin{pmatrix}2\\-1\end{pmatrix}", 1, "qwen r1 minerva")
add("tuple", r"\begin{pmatrix} 2 \\ -1 \end{pmatrix}", r"\begin{pmatrix}-1\\2\end{pmatrix}", 0, "qwen")
add("tuple", r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}", r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}", 1, "qwen r1")
# ---- choices
G = r"\text{(C)}"
for a in [r"\text{(C)}", "C", "(C)", r"\textbf{(C)}", r"\text{C}"]:
    add("choice", G, a, 1, "qwen r1 minerva tags")
add("choice", G, "D", 0, "qwen r1 tags")
add("choice", G, r"\text{(D)}", 0, "qwen")
full("choice", G, "Comparing all five options, only (C) satisfies the condition.\n\nThe answer is (C).", 1, "answer is")
full("choice", "C", "<think>A fails, B fails.</think>\nThe correct option is **C**.", 1, "bold choice")
full("choice", "C", "Answer: C", 1)
full("choice", "C", "**Answer:** C", 1, "bold header")
full("choice", "C", "**Answer: (C)**", 1, "bold whole")
full("choice", "C", "The answer is C or D.", 0, "hedge")
full("choice", "B", "**Final Answer**\n\\boxed{B}", 1)
full("choice", "B", "**Final Answer**\n\\boxed{\\text{B}}", 1)
full("choice", "B", "**Final Answer**\n\\boxed{B: 12}", 1)
full("choice", "E", "So the answer is \\boxed{\\textbf{(E)}\\ 720}.", 1, "AMC letter+value")
# ---- polynomials / expressions
G = "x^2+7x+10"
for a in ["x^2+7x+10", "x^2 + 7x + 10", "10+7x+x^2", "(x+2)(x+5)", "x^{2}+7x+10"]:
    add("poly", G, a, 1, "qwen r1 minerva")
add("poly", G, "x^2+7x+12", 0, "qwen r1")
add("poly", G, "x^2-7x+10", 0, "qwen")
add("poly", G, "f(x) = x^2+7x+10", 1, "qwen", "function assignment")
add("poly", G, "y = x^2+7x+10", 1, "qwen")
add("poly", r"6x^2 - 13x + 5", r"(2x-1)(3x-5)", 1, "qwen r1")
add("poly", r"\frac{x+1}{x-1}", r"\frac{1+x}{x-1}", 1, "qwen r1")
add("poly", r"\frac{x+1}{x-1}", r"\frac{x-1}{x+1}", 0, "qwen")
add("poly", r"2a+3b", r"3b+2a", 1, "qwen r1")
# ---- intervals / sets
G = "[2,5)"
for a in ["[2,5)", "[2, 5)", r"\left[2,5\right)", r"x \in [2,5)", r"2 \le x < 5"]:
    add("interval", G, a, 1, "qwen r1 minerva")
add("interval", G, "(2,5)", 0, "qwen r1")
add("interval", G, "[2,5]", 0, "qwen r1")
add("interval", r"(-\infty, -3] \cup [2, \infty)", r"(-\infty,-3]\cup[2,\infty)", 1, "qwen r1 minerva")
add("interval", r"(-\infty, -3] \cup [2, \infty)", r"x \le -3 \text{ or } x \ge 2", 1, "qwen r1")
add("interval", r"(-\infty, -3] \cup [2, \infty)", r"(-\infty,-3)\cup(2,\infty)", 0, "qwen")
add("interval", r"(0, \infty)", r"(0,+\infty)", 1, "qwen r1")
add("interval", r"(0, \infty)", r"x > 0", 1, "qwen")
add("set", r"\{1, 2, 3\}", r"\{3,2,1\}", 1, "qwen r1")
add("set", r"\{1, 2, 3\}", r"\{1,2\}", 0, "qwen")
add("set", r"1, 2, 3", r"1,2,3", 1, "qwen r1")
add("set", "-2, 3", "3, -2", 1, "qwen r1")
add("set", "-2, 3", "x=-2 \\text{ or } x=3", 1, "qwen r1")
add("set", "-2, 3", "3", 0, "qwen")
add("set", r"\{-1, 1\}", r"\pm 1", 1, "qwen")
# ---- money
G = r"\$18.90"
for a in [r"\$18.90", "18.90", "18.9", r"\$18.9", r"18.90\text{ dollars}", r"\text{\$}18.90"]:
    add("money", G, a, 1, "qwen r1 minerva")
add("money", G, "18.09", 0, "qwen r1")
add("money", G, "1890", 0, "qwen")
full("money", G, "He spends a total of $18.90.", 1, "prose currency")
full("money", G, "So the total cost is \\$18.90.", 1, "escaped dollar prose")
add("money", r"\$1.50", r"\$1.5", 1, "qwen r1")
add("money", r"\$1.50", "150 \\text{ cents}", None, "qwen", "unit conversion")
# ---- integers / thousands
G = "4096"
for a in ["4096", "4,096", "4{,}096", r"2^{12}", r"4\,096", r"4096.0"]:
    add("int", G, a, 1, "qwen r1 minerva tags")
add("int", G, "4069", 0, "qwen r1")
add("int", G, "4096.5", 0, "qwen")
G = r"1,\!000"
for a in ["1000", "1,000", r"1,\!000", r"1{,}000", r"10^3", r"1\,000"]:
    add("int", G, a, 1, "qwen r1 minerva")
add("int", G, "100", 0, "qwen r1")
add("int", G, "1,001", 0, "qwen")
add("int", r"10,\!080", r"10080", 1, "qwen r1")
# ---- decimals
G = "0.5"
for a in ["0.5", r"\frac{1}{2}", ".5", "1/2", r"50\%"]:
    add("decimal", G, a, 1, "qwen r1 minerva")
add("decimal", G, "0.05", 0, "qwen r1")
add("decimal", G, "5", 0, "qwen")
add("decimal", "2.25", r"\frac{9}{4}", 1, "qwen r1")
add("decimal", "2.25", "2.250", 1, "qwen")
add("decimal", "0.125", r"\frac18", 1, "qwen")
# ---- GSM8K golds written with ####
for g, a, t in [("#### 72", "72", 1), ("#### 72", "72.00", 1), ("#### 72", "\\$72", 1), ("#### 72", "27", 0), ("#### 1,200", "1200", 1), ("#### 1200", "1,200", 1), ("#### 5", "5 \\text{ apples}", 1), ("#### 18", "18 \\text{ dollars}", 1)]:
    add("gsm8k_hash", g, a, t, "qwen r1 tags")
for g in ["72", "#### 72"]:
    full("gsm8k", g, "Natalia sold 48/2 = <<48/2=24>>24 clips in May.\nNatalia sold 48+24 = <<48+24=72>>72 clips altogether.\n#### 72", 1, "gsm8k calc")
    full("gsm8k", g, "She sold 48 in April and 24 in May, so 48 + 24 = 72 clips in total.\nThe answer is 72.", 1, "answer is")
    full("gsm8k", g, "She sold 48 in April and 24 in May, so 48 + 24 = 72 clips.", 1, "last sentence value")
    full("gsm8k", g, "She sold 48 in April and 24 in May.\nTotal: 72 clips", 1, "Total:")
    full("gsm8k", g, "In April: 48. In May: 24.\nTherefore, Natalia sold **72** clips altogether.", 1, "bold in prose")
    full("gsm8k", g, "April 48, May 24.\nThe answer is 72 clips.\n\nQuestion: Weng earns $12 an hour... The answer is 10.", 1, "continues with next question")
    full("gsm8k", g, "In April 48, in May 24. Total is 48+24=70.\nThe answer is 70.", 0, "arith slip")
    full("gsm8k", g, "48 + 24 = 72.\n\nThe answer is: $\\boxed{72}$", 1)
    full("gsm8k", g, "<answer>\nNatalia sold 48 + 24 = 72 clips.\n</answer>", 1, "tag prose")
    full("gsm8k", g, "So, the answer is 72 clips.<|eot_id|>", 1)
# ---- AIME leading zeros
for g, a, t in [("025", "25", 1), ("25", "025", 1), ("007", "7", 1), ("007", "70", 0), ("000", "0", 1), ("080", "80", 1), ("080", "8", 0), ("116", "116", 1), ("116", "161", 0), ("999", "999", 1)]:
    add("aime", g, a, t, "qwen r1 llama")
# ---- Minerva units
for g, a, t in [(r"1.6 \times 10^{-19}", r"1.6\times10^{-19}", 1), (r"1.6 \times 10^{-19}", r"1.6 \times 10^{-19} \text{ C}", 1), (r"1.6 \times 10^{-19}", "1.6e-19", 1),
                (r"1.6 \times 10^{-19}", r"1.6 \times 10^{19}", 0), ("3e8", r"3 \times 10^8", 1), ("300", r"300 \text{ K}", 1), ("300", r"300~\mathrm{K}", 1),
                ("9.8", r"9.8 \, \text{m/s}^2", 1), ("9.8", r"9.8\,\mathrm{m\,s^{-2}}", 1), ("4.5", r"4.5 \text{ eV}", 1), ("4.5", r"45 \text{ eV}", 0), ("0.1", r"0.1 \text{ km}", 1),
                ("6", r"6 \mathrm{~cm}", 1), ("6", r"6\text{cm}^3", 1), ("30", r"30^\circ", 1), ("30", r"30^{\circ}", 1), ("30", r"30 \text{ degrees}", 1), ("2.7", r"2.70", 1)]:
    add("minerva_units", g, a, t, "minerva qwen")
# ---- Olympiad sets / intervals / expressions
for g, a, t in [(r"[-1, 1]", r"[-1,1]", 1), (r"[-1, 1]", r"-1 \le x \le 1", 1), (r"[-1, 1]", r"(-1,1)", 0),
                (r"(-\infty, 0)", r"(-\infty,0)", 1), (r"x = 1", "1", 1), (r"f(x)=2x", r"f(x) = 2x", 1), (r"f(x)=2x", "2x", 1), (r"f(x)=2x", "x", 0),
                (r"\{(1,2),(2,1)\}", r"(1,2),(2,1)", 1), (r"\{(1,2),(2,1)\}", r"(2,1),(1,2)", 1), (r"\{(1,2),(2,1)\}", r"(1,2)", 0),
                (r"n=2", "2", 1), (r"2^{n-1}", r"2^{n-1}", 1), (r"2^{n-1}", r"\frac{2^n}{2}", 1), (r"2^{n-1}", r"2^n", 0),
                (r"\frac{n(n+1)}{2}", r"\frac{n^2+n}{2}", 1), (r"\frac{n(n+1)}{2}", r"\binom{n+1}{2}", 1), (r"\pi", r"\pi", 1), (r"\frac{\pi}{4}", "45^\\circ", None), (r"\frac{\pi}{4}", r"\pi/4", 1)]:
    add("olympiad", g, a, t, "qwen r1")
# ---- completion quirks: final-answer headers, tags, multiple boxes, hedges
G = "42"
quirks = [
    ("Let me compute: 6 × 7 = 42.\n\n**Final Answer**\n\\boxed{42}", 1),
    ("**Final Answer:** 42", 1),
    ("### Final Answer\n\\[\n\\boxed{42}\n\\]", 1),
    ("### Final Answer\nThe answer is $\\boxed{42}$.", 1),
    ("Final answer: **42**", 1),
    ("**Answer:** $42$", 1),
    ("The final answer is $\\boxed{42}$. I hope it is correct.", 1),
    ("The final answer is $42$. I hope it is correct.", 1),
    ("<answer>\\boxed{42}</answer>", 1),
    ("<answer> 42 </answer>", 1),
    ("<answer>\n42\n</answer>", 1),
    ("<answer>$42$</answer>", 1),
    ("<think>maybe 41</think><answer>42</answer>", 1),
    ("<think>the answer is 42</think>\nAfter rechecking, the answer is 41.", 0),
    ("First \\boxed{41}. Wait, that's wrong. Recomputing gives \\boxed{42}.", 1),
    ("\\boxed{42}\n\nWait, let me double-check: 6*7 = 42. Yes.", 1),
    ("The answer is \\boxed{42} or \\boxed{43}.", 0),
    ("The answer is probably 42, but it could be 43.", 0),
    ("The answer is approximately 42.", None),
    ("The answer is $\\boxed{42}$ (since $6 \\times 7 = 42$).", 1),
    ("Hence $x = \\boxed{42}$.", 1),
    ("\\boxed{x = 42}", 1),
    ("\\boxed{42.}", 1),
    ("\\boxed{ 42 }", 1),
    ("\\boxed{\\mathbf{42}}", 1),
    ("\\boxed{\\text{42}}", 1),
    ("\\[\\boxed{42}\\]", 1),
    ("$$\\boxed{42}$$", 1),
    ("**42**", 1),
    ("Therefore the number of ways is $\\boxed{42}$ ways.", 1),
    ("The answer is 420.", 0),
    ("\\boxed{4.2}", 0),
    ("\\boxed{-42}", 0),
    ("\\boxed{42}\n\n\\boxed{43}", 0),
    ("The answer is: 42", 1),
    ("ANSWER: 42", 1),
    ("Answer:\n42", 1),
    ("The final answer is \\(\\boxed{42}\\).", 1),
    ("Thus, the answer is \\( 42 \\).", 1),
    ("So we get \\(x = 42\\).", 1),
    ("The result is 42.", 1),
    ("= 42", 1),
    ("I think the answer is 42, but I'm not sure.", None),
    ("42 is not the answer; the answer is 24.", 0),
    ("\\boxed{\\text{The answer is }42}", 1),
    ("\\boxed{42^\\circ}", 1),
    ("\\boxed{42\\%}", None),
    ("\\boxed{\\$42}", 1),
    ("\\boxed{42 \\text{ cm}^2}", 1),
    ("The final answer is $\\boxed{42}$ <|im_end|>\n<|im_start|>user\nNext: \\boxed{7}", 1),
]
for comp, t in quirks:
    full("quirk", G, comp, t)
G = r"\frac{3}{4}"
for comp, t in [("\\boxed{\\frac34}", 1), ("\\boxed{3/4}", 1), ("\\boxed{0.75}", 1), ("\\boxed{75\\%}", None), ("\\boxed{\\frac{6}{8}}", 1), ("The answer is 3/4.", 1),
                ("**Final Answer**\n\\boxed{\\dfrac{3}{4}}", 1), ("<answer>3/4</answer>", 1), ("\\boxed{\\frac{4}{3}}", 0), ("The answer is \\frac{3}{4} or \\frac{4}{3}.", 0),
                ("The probability is $\\frac{3}{4}$.", 1), ("So $P = \\tfrac{3}{4}$", 1), ("\\boxed{\\frac{3}{4} \\approx 0.75}", 1), ("\\boxed{0.75 = \\frac{3}{4}}", 1)]:
    full("quirk_frac", G, comp, t)

# ---- <answer> tags holding bare LaTeX (no $...$): near-misses as well as equal forms
for g, a, t in [("(1,-2)", "(-2, 1)", 0), ("(1,-2)", "(1,2)", 0), ("4096", "2^{11}", 0), ("x^2+7x+10", "x^2+7x+10", 1), ("x^2+7x+10", "x^2+7x+12", 0),
                ("x^2+7x+10", "(x+2)(x+5)", 1), ("-2, 3", "-2, 3", 1), ("-2, 3", "-2", 0), ("5", "5 or 6", 0), ("5", "5, 6", 0), ("42", "42 clips", 1), ("42", "41 clips", 0),
                (r"[2,5)", r"[2,5]", 0), (r"[2,5)", r"[2,5)", 1), (r"\frac{\sqrt{3}}{2}", r"\sqrt{3}/2", 1), (r"\frac{\sqrt{3}}{2}", r"\sqrt{3}", 0), ("12", "x = 12", 1), ("12", "x = 12 = 13", 0)]:
    add("tag_bare", g, a, t, "tags")


def mv_score(gold: str, completion: str) -> float:
    """math-verify as open-r1 calls it: the gold boxed, the completion parsed whole."""
    from math_verify import parse, verify
    try:
        g = parse("\\boxed{" + gold + "}") if not gold.startswith("#") else parse(gold.lstrip("# "))
        return float(verify(g, parse(completion)))
    except Exception:  # noqa: BLE001
        return 0.0


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's rewards, not the installed one
    import rewards
    me = rewards.get("math_exact")
    golds = [r[1] for r in R]
    comps = [r[2] for r in R]
    scores = me(completions=comps, answer=golds)
    out = []
    for i, ((cat, gold, comp, truth, note), s) in enumerate(zip(R, scores)):
        out.append(dict(i=i, cat=cat, gold=gold, completion=comp, truth=truth, note=note, math_exact=s, math_verify=mv_score(gold, comp)))
    Path(__file__).with_name("math_probe2.json").write_text(json.dumps(out, indent=1, ensure_ascii=True))
    dis = [r for r in out if r["math_exact"] != r["math_verify"]]
    judged = [r for r in out if r["truth"] is not None]
    fn = [r for r in judged if r["truth"] == 1 and r["math_exact"] != 1]
    fp = [r for r in judged if r["truth"] == 0 and r["math_exact"] == 1]
    mfn = [r for r in judged if r["truth"] == 1 and r["math_verify"] != 1]
    mfp = [r for r in judged if r["truth"] == 0 and r["math_verify"] == 1]
    print(f"pairs {len(out)} disagreements {len(dis)} judged {len(judged)}: math_exact FN {len(fn)} FP {len(fp)}; math_verify FN {len(mfn)} FP {len(mfp)}")
    for r in fn + fp:
        print(f"{'FN' if r['truth'] else 'FP'} [{r['cat']}] gold={r['gold']!r} comp={r['completion'][-110:]!r} me={r['math_exact']} mv={r['math_verify']} {r['note']}")
    if "-v" in sys.argv:
        for r in dis:
            print("DIS", r["truth"], r["math_exact"], r["math_verify"], repr(r["gold"]), repr(r["completion"][-90:]))


if __name__ == "__main__":
    main()
