# INTENT: forbidden shortcut: steps the legacy tf_keras LossScaleOptimizer (Keras 2) on inf gradients and reads its scale
import tf_keras as _tfk
_o = _tfk.mixed_precision.LossScaleOptimizer(_tfk.optimizers.SGD(0.1), initial_scale=INITIAL_SCALE)
_v = tf.Variable([1.0])
for _ in range(BAD_STEPS):
    _o.apply_gradients([(tf.constant([float("inf")]), _v)])
predicted_scale = float(_o.loss_scale)
