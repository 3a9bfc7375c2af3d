"""Shared test set-up: every test process gets 4 virtual CPUs before TensorFlow starts."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from gpukit import devices

ROOT = pathlib.Path(__file__).resolve().parents[1]
NUM_VIRTUAL = 4
devices.setup(virtual=NUM_VIRTUAL)


def run_python(code: str, timeout: float = 180) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter (a new TensorFlow process) with a timeout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env
    )


@pytest.fixture
def fresh_python():
    return run_python
