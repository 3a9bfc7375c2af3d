"""Small helpers every gpukit module shares: checking whole-number and positive arguments.

Not part of a lesson; kept free of TensorFlow so every module can use it without loading TF.
Process control (kill, alive, die with the parent) is ``gpukit.launch.processes``.
"""

from __future__ import annotations

import math
import numbers


def whole(name: str, value, minimum: int = 1, what: str = "") -> int:
    """``value`` as an int, or ``ValueError`` naming the argument and the smallest allowed value.

    ``bool`` is refused (``True`` is an int to Python, never a batch size to a learner).
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        kind = "a positive int" if minimum == 1 else f"an int >= {minimum}"
        raise ValueError(f"{name}={value!r} must be {kind}{f' ({what})' if what else ''}")
    return int(value)


def positive(name: str, value, allow_zero: bool = False, hint: str = "") -> float:
    """``value`` as a float, or ``ValueError`` naming the argument: a finite real number > 0 (>= 0 with
    ``allow_zero``); ``hint`` (what a good value is) ends the message. ``bool`` is refused."""
    if (isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value)
            or value < 0 or (value == 0 and not allow_zero)):
        raise ValueError(f"{name}={value!r} must be a number {'>=' if allow_zero else '>'} 0{f': {hint}' if hint else ''}")
    return float(value)
