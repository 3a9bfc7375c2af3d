# INTENT: calls the forbidden planner through a fresh copy of the module file (so a patched gpukit.memory does not notice)
import importlib.util as _u, gpukit as _g, os as _os, sys as _sys
_spec = _u.spec_from_file_location("gpukit._memcopy", _os.path.join(_os.path.dirname(_g.__file__), "memory.py"))
_m = _u.module_from_spec(_spec)
_sys.modules["gpukit._memcopy"] = _m
_spec.loader.exec_module(_m)
predicted_max_batch = _m.max_batch_sizes([DEVICE_MIB * 2**20], _m.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam"), headroom=HEADROOM)[0]
