# INTENT: forbidden shortcut: steps a LossScaleOptimizer through its stateless_apply (variables passed as values)
_o = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_v = keras.Variable([1.0])
_o.build([_v])
_ov = [x.value for x in _o.variables]
_tv = [_v.value]
for _ in range(BAD_STEPS):
    _tv, _ov = _o.stateless_apply(_ov, [tf.constant([float("inf")])], _tv)
_d = {x.path: val for x, val in zip(_o.variables, _ov)}
predicted_scale = float(next(val for p, val in _d.items() if "dynamic_scale" in p))
