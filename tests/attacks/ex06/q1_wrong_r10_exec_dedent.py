# INTENT: forbidden shortcut: runs (a copy of) the watched scale_after's source, dedented
import inspect as _inspect, textwrap as _tw
_ns = {}
exec(_tw.dedent(_inspect.getsource(precision.scale_after)), _ns)
predicted_scale = _ns["scale_after"](BAD_STEPS, INITIAL_SCALE)
