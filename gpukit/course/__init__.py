"""The course's machinery, apart from the techniques it teaches.

- ``colab``: the Open-in-Colab badge and the light install every notebook's setup cell runs
  (``gpukit.course.colab.setup()``);
- ``doctor``: ``python -m gpukit doctor``, the environment report to paste into a question;
- ``exercises``: the checks of the graded exercises (``exercises.ex01`` ... one per lesson);
- ``grading``: generating exercises from solutions (otter assign) and grading a folder of
  submissions (``python -m gpukit grade``), each in a ``sandbox`` (bubblewrap);
- ``publish``: ``python -m gpukit publish --repo owner/name``, a fork's badges and install lines.

A technique module never imports this package (tests/test_layout.py).
"""

from __future__ import annotations

import importlib

_MODULES = ("colab", "doctor", "exercises", "grading", "publish", "sandbox")


def __getattr__(name: str):
    if name in _MODULES:  # loaded on first use: ``gpukit.course.colab.setup()`` after ``import gpukit``
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'gpukit.course' has no attribute {name!r}")
