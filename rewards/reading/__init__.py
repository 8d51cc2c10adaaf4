"""Reading a completion: where its answer is, what it shows and what value it writes, one home for every reward
that reads one.

- `rewards.reading.shown`: what text shows: the one brace matcher, LaTeX as it is drawn (``\\phantom{4}`` shows
  nothing), whether a text shows anything at all, text as a reader sees it (look-alike letters folded).
- `rewards.reading.tags`: reasoning and answer tags: the text after ``</think>``, the answer part, disguised tags.
- `rewards.reading.boxes`: ``\\boxed{}`` / ``\\fbox{}`` contents, and the boxes written together as one answer.
- `rewards.reading.caps`: input caps that refuse parser bombs (too long, too deep, exponent towers) before any
  parser sees them.
- `rewards.reading.notation`: one meaning written several ways (prose, number words, inequalities as intervals, sets).
- `rewards.reading.literals`: integers, decimals, fractions and their tuples/sets/intervals, compared without sympy.
- `rewards.reading.final`: the final answer a completion commits to (boxes, tags, "the answer is", ``####``, the
  last line) and the answer other rewards parse themselves (`final_answer`).
- `rewards.reading.syntax`: Python source to syntax trees and trees to code, safe from any thread (the one way
  rlvr-kit parses Python).

The split follows Math-Verify (extraction here; math-verify's conversion and comparison stay in `rewards.math`) and
verifiers (parsers apart from the rubrics that score): a reward imports these readers, never another reward's
internals. `final` asks the cheap literal check whether two boxes are one answer written twice (``\\frac12`` and
``0.5``) or a hedge, so the literals, the notation they read and the caps they honour live here, below
`rewards.math`, which builds `math_exact` on them: nothing in this package imports another reward
(``tests/test_layers.py``). Every reader runs in the trainer process on untrusted text, so every scan is linear
(``tests/rewards/math/test_math_linear.py`` measures each one).

This package imports nothing itself: import the submodule (``from rewards.reading.final import final_answer``), so
that a reader loads only what it uses (`caps` reads braces without loading `final`).
"""
