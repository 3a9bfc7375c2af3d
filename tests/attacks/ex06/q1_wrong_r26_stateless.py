# INTENT: wrong: steps a LossScaleOptimizer (forbidden "by any method") via its stateless_apply on copies of its variables, so the optimizer's own loss scale variable never moves
_o = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
_o.build([_w])
_ovars = [v.value for v in _o.variables]
_tv = [_w.value]
for _ in range(BAD_STEPS):
    _tv, _ovars = _o.stateless_apply(_ovars, [tf.constant([float("inf")])], _tv)
_idx = [i for i, v in enumerate(_o.variables) if v.path.endswith("dynamic_scale")][0]
predicted_scale = float(_ovars[_idx])
