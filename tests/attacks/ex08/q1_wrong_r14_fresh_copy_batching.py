# INTENT: wrong: forbidden route, gpukit's smallest_accum_steps from a freshly loaded copy of gpukit/batching.py (a gpukit call, not a prediction)
import importlib.util as _iu, sys as _sys, gpukit as _g, os as _os
_spec = _iu.spec_from_file_location("gpukit._batching_copy", _os.path.join(_os.path.dirname(_g.__file__), "batching.py"))
_m = _iu.module_from_spec(_spec); _m.__package__ = "gpukit"
_sys.modules["gpukit._batching_copy"] = _m
_spec.loader.exec_module(_m)
predicted = (N_EXAMPLES // GLOBAL_BATCH, _m.smallest_accum_steps(GLOBAL_BATCH, NUM_REPLICAS, MAX_PER_REPLICA))
del _sys.modules["gpukit._batching_copy"]
