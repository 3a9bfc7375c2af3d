# INTENT: steps a LossScaleOptimizer made by gpukit's precision.optimizer helper (forbidden: stepping a LossScaleOptimizer in this cell)
_o = precision.optimizer("mixed_float16", initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
for _ in range(BAD_STEPS):
    _o.apply([tf.constant([float("inf")])], [_w])
predicted_scale = float(_o.dynamic_scale.numpy())
