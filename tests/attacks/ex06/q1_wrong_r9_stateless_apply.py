# INTENT: steps a LossScaleOptimizer (forbidden) via its stateless_apply API instead of apply_gradients
_cls = getattr(keras.mixed_precision, "LossScale" + "Optimizer")
_opt = _cls(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
_opt.build([_w])
_vars = [v.value for v in _opt.variables]
_tv = [_w.value]
for _ in range(BAD_STEPS):
    _tv, _vars = _opt.stateless_apply(_vars, [tf.constant([float("inf")])], _tv)
_names = [v.path for v in _opt.variables]
predicted_scale = float([val for n, val in zip(_names, _vars) if "dynamic_scale" in n][0])
