# INTENT: steps a LossScaleOptimizer (forbidden) through its internal _common_apply, the body of apply()
_opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
_opt.build([_w])
for _ in range(BAD_STEPS):
    _opt._common_apply([tf.constant([float("inf")])], [_w])
predicted_scale = float(_opt.dynamic_scale.numpy())
