# INTENT: does not predict: runs a LossScaleOptimizer on inf gradients in the answer cell and reads the scale (the prompt says before running anything)
_lso = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
for _ in range(BAD_STEPS):
    _lso.apply_gradients([(tf.constant([float("inf")]), _w)])
predicted_scale = float(_lso.dynamic_scale.numpy())
