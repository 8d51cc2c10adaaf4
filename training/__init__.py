"""What train.py wires into TRL's `GRPOTrainer` around the rewards (`training.run.prepare_run` puts one run
together): resuming a run (`training.resume`), stopping a run whose reward is down (`training.breaker`), drawing
prompts by how much they still teach (`training.difficulty`); and Ctrl-C/SIGTERM that stop every worker
(`training.shutdown`)."""

import rlvr_kit

rlvr_kit.check_packages(__name__)  # before any training module imports a package below it
