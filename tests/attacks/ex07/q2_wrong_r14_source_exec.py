# INTENT: wrong: forbidden route, gpukit's ring_allreduce_seconds taken from bench.py's text (ast) and exec'd: a gpukit call in disguise
import ast as _ast
_tree = _ast.parse(open(bench.__file__).read())
_fn = next(n for n in _tree.body if isinstance(n, _ast.FunctionDef) and n.name == "ring_allreduce_seconds")
_fn.decorator_list = []
_fn.name = "_r"
_ns = {"whole": lambda name, v: v}
exec(compile(_ast.Module(body=[_fn], type_ignores=[]), "<cell>", "exec"), _ns)
PREDICTED_ALLREDUCE_MS = _ns["_r"](2e8, 8, 25e9, 20e-6) * 1e3
