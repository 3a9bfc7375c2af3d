# INTENT: forbidden shortcut: reaches gpukit.memory's planner through a fresh module object (importlib reload), so a wrapper on the notebook's module is bypassed.
import importlib, importlib.util, sys
_spec = importlib.util.find_spec("gpukit.memory")
_m = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_m)
_e = _m.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
predicted_max_batch = _m.max_batch_sizes([DEVICE_MIB * _m.MiB], _e, headroom=HEADROOM)[0]
