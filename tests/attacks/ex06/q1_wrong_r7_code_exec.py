# INTENT: forbidden shortcut: runs scale_after's compiled code object in a fresh function (no wrapper, own globals).
import inspect, types
from gpukit import precision as _p
_orig = inspect.unwrap(_p.scale_after)
predicted_scale = types.FunctionType(_orig.__code__, {"__builtins__": __builtins__}, "copy", _orig.__defaults__)(BAD_STEPS, INITIAL_SCALE)
