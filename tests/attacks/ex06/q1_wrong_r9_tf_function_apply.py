# INTENT: steps a LossScaleOptimizer (forbidden) via .apply inside a tf.function (keras.optimizers alias), hoping the watcher only sees eager apply_gradients
_opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_w = keras.Variable([1.0])
@tf.function
def _bad():
    _opt.apply([tf.constant([float("inf")])], [_w])
for _ in range(BAD_STEPS):
    _bad()
predicted_scale = float(_opt.dynamic_scale.numpy())
