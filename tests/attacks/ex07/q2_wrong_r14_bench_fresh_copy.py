# INTENT: wrong: forbidden route, gpukit's ring_allreduce_seconds from a freshly loaded copy of gpukit/bench.py
import importlib.util as _iu, sys as _sys
_spec = _iu.spec_from_file_location("gpukit._bench_copy", bench.__file__)
_m = _iu.module_from_spec(_spec); _m.__package__ = "gpukit"
_sys.modules["gpukit._bench_copy"] = _m
_spec.loader.exec_module(_m)
PREDICTED_ALLREDUCE_MS = _m.ring_allreduce_seconds(50e6 * 4, 8, 25e9, 20e-6) * 1e3
del _sys.modules["gpukit._bench_copy"]
