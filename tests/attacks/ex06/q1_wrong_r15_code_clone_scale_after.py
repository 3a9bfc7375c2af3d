# INTENT: wrong: runs a clone of precision.scale_after's code object (forbidden: "calling precision.scale_after ... by any method")
import types, inspect
from gpukit import precision as _p
_f = inspect.unwrap(_p.scale_after)
while _f.__code__.co_freevars and _f.__closure__:
    inner = [c.cell_contents for c in _f.__closure__ if callable(c.cell_contents) and getattr(c.cell_contents, "__code__", None)
             and c.cell_contents.__code__.co_name == "scale_after"]
    if not inner:
        break
    _f = inner[0]
_g = types.FunctionType(_f.__code__, dict(_f.__globals__), "_s", _f.__defaults__, _f.__closure__)
predicted_scale = _g(BAD_STEPS, INITIAL_SCALE)
