# INTENT: runs gpukit.precision.scale_after (forbidden) by copying its source out of the module under another name
import ast, inspect
_tree = ast.parse(inspect.getsource(precision))
_fn = next(n for n in _tree.body if isinstance(n, ast.FunctionDef) and n.name == "scale" + "_after")
_fn.name = "my_prediction"
_ns = {}
exec(compile(ast.Module(body=[_fn], type_ignores=[]), "<prediction>", "exec"), _ns)
predicted_scale = _ns["my_prediction"](BAD_STEPS, INITIAL_SCALE)
