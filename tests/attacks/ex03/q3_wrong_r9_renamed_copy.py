# INTENT: runs lesson 03's planner from a renamed copy of gpukit/memory.py's source (a gpukit.memory call in disguise, which the prompt forbids)
import inspect as _inspect, re as _re, types as _types
import gpukit.memory as _gm
_src = _inspect.getsource(_gm)
for _a, _b in [("max_batch_sizes", "_mbs"), ("estimate_from_counts", "_efc"), ("MemoryEstimate", "_ME"),
               ("bytes_for", "_bf"), ("_bytes_per_value", "_bpv"), ("_slots", "_sl")]:
    _src = _src.replace(_a, _b)
_mod = _types.ModuleType("my_planner")
_mod.__dict__["__name__"] = "my_planner"
import sys as _sys
_sys.modules["my_planner"] = _mod
exec(compile(_src.replace("from . import", "from gpukit import").replace("from .", "from gpukit."), "my_planner.py", "exec"), _mod.__dict__)
try:
    predicted_max_batch = _mod._mbs([DEVICE_MIB * 2**20], _mod._efc(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam"), headroom=HEADROOM)[0]
finally:
    _sys.modules.pop("my_planner", None)
