"""``multiple_choice``: the option a completion names, against the gold option of its row (GPQA, MMLU-Pro, AQuA).

- `rewards.choice.options`: a row's options and gold (a letter, an index or an option's text), and `fold`, how an
  answer is compared with an option's text.
- `rewards.choice.answer`: which option a completion names (`read_choice`), hedges and answers outside the options
  refused.
- `rewards.choice.reward`: the registered reward, `MultipleChoice`.

Import the submodules; this package imports nothing itself, so `import rewards` stays light.
"""
