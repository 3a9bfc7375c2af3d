# INTENT: wrong: calls gpukit's ring model through inspect.unwrap of the (watched) function: a gpukit call (prompt: "no gpukit call")
import inspect, types
from gpukit import bench as _b
_f = inspect.unwrap(_b.ring_allreduce_seconds)
if _f.__code__.co_freevars:
    for _c in _f.__closure__ or ():
        if callable(_c.cell_contents) and getattr(_c.cell_contents, "__name__", "") == "ring_allreduce_seconds":
            _f = _c.cell_contents
PREDICTED_ALLREDUCE_MS = _f(50e6 * 4, 8, 25e9, 20e-6) * 1e3
