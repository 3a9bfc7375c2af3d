"""gpukit: scale TensorFlow training from one device to many, and check every step.

Modules (one per technique; each names the lesson that teaches it):
``devices``, ``strategies``, ``data``, ``models``, ``training``, ``checks`` (lesson 01),
``doctor`` (``python -m gpukit doctor``), ``bench`` (``make bench``);
``cluster`` (lesson 02: real local worker processes), ``sharding`` (lesson 03: memory
planner, uneven batches), ``accumulation`` (lesson 04); ``grading`` (otter-grader
exercises, ``python -m gpukit grade``); ``plots`` and ``widgets`` (figures and sliders
the lessons share); ``ray_train`` and ``slurm`` (lesson 02's worker program on Ray Train and
under SLURM, docs/cluster.md).

``import gpukit`` is cheap: TensorFlow loads, quietly, on first use of a module that needs
it, or on ``from gpukit import tf, keras``.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"
REPO = "gpukit/gpukit"  # GitHub owner/name used for Colab links and the Colab install cell

_MODULES = {
    "devices", "strategies", "data", "models", "training", "checks", "doctor", "bench",  # 01
    "grading",  # exercises and batch grading
    "cluster",  # 02
    "ray_train", "slurm",  # 02 on Ray Train and SLURM (docs/cluster.md)
    "sharding",  # 03
    "accumulation",  # 04
    "plots", "widgets",
}


def __getattr__(name: str):
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in ("tf", "keras"):
        return getattr(importlib.import_module(f"{__name__}._tf"), name)
    raise AttributeError(f"module 'gpukit' has no attribute {name!r}")
