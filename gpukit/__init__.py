"""gpukit: scale TensorFlow training from one device to many, and check every step.

Modules (one per technique; each names the lesson that teaches it):
``devices``, ``strategies``, ``data``, ``batching`` (batch arithmetic, no TensorFlow),
``models``, ``training`` (the step core every technique builds on), ``checks`` (lesson 01),
``doctor`` (``python -m gpukit doctor``), ``bench`` (``make bench``, and lesson 07: fair
timings, all-reduce cost, input pipelines);
``launcher`` (start, watch and clean up processes) and ``cluster`` (lesson 02: TF_CONFIG and
the worker programs; ``ray_train`` and ``slurm`` run them beyond one machine), ``memory`` (lessons 03-04: the memory planner), ``sharding`` (lesson 03:
uneven batches, stragglers), ``accumulation`` and ``recompute`` (lesson 04: gradient
accumulation, gradient checkpointing), ``parallel`` (lesson 05: model, pipeline and
tensor parallelism), ``tpu`` and ``precision`` (lesson 06: connecting to a TPU or falling back,
TPU readiness on a CPU, mixed precision and loss scaling); ``exercises`` (the checks of the graded
exercises: ``exercises.ex01`` …, one per lesson) and ``grading`` (generating exercises,
``python -m gpukit grade``); ``plots`` and ``widgets`` (figures and sliders
the lessons share).

``import gpukit`` is cheap: TensorFlow loads, quietly, on first use of a module that needs
it, or on ``from gpukit import tf, keras``.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"
REPO = "gpukit/gpukit"  # GitHub owner/name used for Colab links and the Colab install cell

_MODULES = {
    "devices", "strategies", "data", "batching", "models", "training", "checks", "doctor", "bench",  # 01
    "exercises",  # the checks of the graded exercises (ex01, ex02, ...)
    "grading",  # generating exercises and batch grading
    "launcher", "cluster", "ray_train", "slurm",  # 02 (and beyond one machine)
    "launch_cli",  # python -m gpukit launch (unmodified scripts)
    "memory", "sharding",  # 03
    "accumulation", "recompute",  # 04
    "parallel",  # 05
    "tpu", "precision",  # 06
    "advisor", "capstone",  # 08
    "plots", "widgets", "colab",
}


def __getattr__(name: str):
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in ("tf", "keras"):
        return getattr(importlib.import_module(f"{__name__}._tf"), name)
    raise AttributeError(f"module 'gpukit' has no attribute {name!r}")
