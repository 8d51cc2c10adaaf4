"""Learned rewards: the Bradley–Terry reward model ``bt_rm`` and the preference pairs it is trained on.

- `rewards.preference.bt_rm`: the ``bt_rm`` reward (scores a completion with a trained reward model).
- `rewards.preference.pairs`: loading, checking and building preference pairs.
- ``python -m rewards.preference train``: train one (`rewards.preference.__main__`, an entry point).
"""

from rewards.preference.bt_rm import BTRewardModel, check_reward_model_dir, score_sequences

__all__ = ["BTRewardModel", "check_reward_model_dir", "score_sequences"]
