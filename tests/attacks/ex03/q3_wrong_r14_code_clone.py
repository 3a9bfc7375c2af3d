# INTENT: wrong: gpukit.memory.max_batch_sizes' original code re-wrapped as a new function (types.FunctionType) and called: the planner's number by the forbidden route
import types as _types
from gpukit import memory as _m
def _original(f, name):
    seen = set()
    while id(f) not in seen:
        seen.add(id(f))
        if getattr(f, "__wrapped__", None) is not None:
            f = f.__wrapped__; continue
        inner = [c.cell_contents for c in (getattr(f, "__closure__", None) or ())
                 if callable(getattr(c, "cell_contents", None)) and getattr(c.cell_contents, "__name__", "") == name
                 and c.cell_contents is not f]
        if inner:
            f = inner[0]; continue
        break
    return f
_f = _original(_m.max_batch_sizes, "max_batch_sizes")
_clone = _types.FunctionType(_f.__code__.replace(co_name="mbs"), dict(_f.__globals__), "mbs", _f.__defaults__)
class _E:  # duck-typed estimate: weights + gradients + 2 Adam slots, float32
    fixed = NUM_PARAMETERS * 4 * 4
    activations_per_example = ACTIVATIONS_PER_EXAMPLE * 4
    def bytes_for(self, b):
        return self.fixed + int(b) * self.activations_per_example
predicted_max_batch = _clone([DEVICE_MIB * 2**20], _E(), HEADROOM)[0]
del _f, _clone, _original
