"""Eval tests run tiny models: one intra-op thread each. On a loaded 2-core machine, torch's default of 2 OpenMP
threads made a 30k-parameter forward pass ~70x slower (spin-waiting threads), and a thread buys nothing here."""

import pytest
import torch


@pytest.fixture(autouse=True, scope="package")
def _one_torch_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
