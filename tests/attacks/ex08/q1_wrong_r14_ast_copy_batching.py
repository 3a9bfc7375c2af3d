# INTENT: wrong: forbidden route, smallest_accum_steps' own code lifted out of gpukit/batching.py by ast and run
import ast as _ast, gpukit as _g, os as _os
_tree = _ast.parse(open(_os.path.join(_os.path.dirname(_g.__file__), "batching.py")).read())
_fn = next(n for n in _tree.body if isinstance(n, _ast.FunctionDef) and n.name == "smallest_accum_steps")
_fn.name = "_k"
_ns = {"whole": lambda name, v: v}
exec(compile(_ast.Module(body=[_fn], type_ignores=[]), "<cell>", "exec"), _ns)
predicted = (N_EXAMPLES // GLOBAL_BATCH, _ns["_k"](GLOBAL_BATCH, NUM_REPLICAS, MAX_PER_REPLICA))
