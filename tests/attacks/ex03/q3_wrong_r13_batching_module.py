# INTENT: wrong: computed with the planner's own code copied in by exec of gpukit.memory source (a copy of gpukit.memory)
import inspect, gpukit.memory as _gm
import sys as _sys, types as _types
_mod = _types.ModuleType("gpukit_memory_copy"); _sys.modules["gpukit_memory_copy"] = _mod; _mod.__package__ = "gpukit"; _ns = _mod.__dict__
exec(compile(inspect.getsource(_gm), "mem_copy", "exec"), _ns)
_est = _ns["estimate_from_counts"](NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
predicted_max_batch = _ns["max_batch_sizes"]([DEVICE_MIB * _ns["MiB"]], _est, headroom=HEADROOM)[0]
