""""Equals the single-device reference": the one comparison every lesson ends with.

A lesson's closing cell calls ``assert_same(distributed, reference, atol=..., what=...)``
on weights, gradients or loss curves. It accepts Keras models (their weights), lists of
arrays or tensors, dicts of lists (histories) and plain numbers, returns the largest
absolute difference, and raises ``AssertionError`` with that number when it is too big.
"""

from __future__ import annotations

import numpy as np


def _arrays(value) -> list[np.ndarray]:
    if hasattr(value, "get_weights"):  # a Keras model or layer
        return [np.asarray(w, dtype=np.float64) for w in value.get_weights()]
    if hasattr(value, "history") and isinstance(value.history, dict):  # History objects
        value = value.history
    if isinstance(value, dict):
        return [np.asarray(value[k], dtype=np.float64) for k in sorted(value)]
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(_arrays(v))
        return out
    return [np.asarray(getattr(value, "numpy", lambda: value)(), dtype=np.float64)]


def max_difference(a, b) -> float:
    """Largest absolute element-wise difference between two models / array lists / histories."""
    xs, ys = _arrays(a), _arrays(b)
    if len(xs) != len(ys):
        raise ValueError(f"cannot compare: {len(xs)} arrays vs {len(ys)} arrays")
    worst = [0.0]
    for i, (x, y) in enumerate(zip(xs, ys)):
        if x.shape != y.shape:
            raise ValueError(f"cannot compare: array {i} has shape {x.shape} vs {y.shape}")
        if x.size:
            worst.append(np.max(np.abs(x - y)))
    return float(np.max(worst))  # NaN anywhere gives NaN, which assert_same rejects


def assert_same(actual, reference, atol: float = 1e-5, what: str = "result") -> float:
    """Assert ``actual`` equals ``reference`` to ``atol``; return the max difference."""
    diff = max_difference(actual, reference)
    if not np.isfinite(diff) or diff > atol:
        raise AssertionError(f"{what}: max difference {diff:.3g} > tolerance {atol:g}")
    return diff


def scale_factor(a, b) -> float:
    """The factor ``b`` must be multiplied by to give ``a``: the least-squares ``r`` with
    ``a ~= r * b`` (e.g. 4.0 when gradients are 4 times too big)."""
    xs = np.concatenate([x.ravel() for x in _arrays(a)])
    ys = np.concatenate([y.ravel() for y in _arrays(b)])
    return float(xs @ ys / (ys @ ys))
