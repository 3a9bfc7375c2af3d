# INTENT: forbidden shortcut: steps its own subclass of LossScaleOptimizer (in a tf.function) and reads the scale
class _LSO(keras.mixed_precision.LossScaleOptimizer):
    pass
_o = _LSO(keras.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_v = keras.Variable([1.0])
@tf.function
def _bad():
    _o.apply_gradients([(tf.constant([float("inf")]), _v)])
for _ in range(BAD_STEPS):
    _bad()
predicted_scale = float(_o.dynamic_scale.numpy())
