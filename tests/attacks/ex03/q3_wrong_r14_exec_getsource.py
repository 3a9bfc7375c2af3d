# INTENT: wrong: runs a copy of gpukit.memory's code (its source file exec'd as a module of my own), the forbidden route to the number
import gpukit as _g, os as _os, sys as _sys, types as _types
_path = _os.path.join(_os.path.dirname(_g.__file__), "memory.py")
_src = open(_path).read().replace("from ._args", "from gpukit._args").replace("from .batching", "from gpukit.batching")
_mod = _types.ModuleType("my_memory_notes")
_sys.modules["my_memory_notes"] = _mod
try:
    exec(compile(_src, "my_memory_notes.py", "exec"), _mod.__dict__)
    _est = _mod.estimate_from_counts(NUM_PARAMETERS, ACTIVATIONS_PER_EXAMPLE, optimizer="adam")
    predicted_max_batch = _mod.max_batch_sizes([DEVICE_MIB * 2**20], _est, headroom=HEADROOM)[0]
finally:
    del _sys.modules["my_memory_notes"]
del _mod, _est, _src
