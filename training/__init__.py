"""What train.py wires into TRL's `GRPOTrainer` around the rewards: resuming a run (`training.resume`), stopping a
run whose reward is down (`training.breaker`), Ctrl-C/SIGTERM that stop every worker (`training.shutdown`), and
drawing prompts by how much they still teach (`training.difficulty`)."""
