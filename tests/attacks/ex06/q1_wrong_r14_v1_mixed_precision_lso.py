# INTENT: wrong: forbidden route, steps TensorFlow's v1 MixedPrecisionLossScaleOptimizer (a loss-scale optimizer) with inf gradients BAD_STEPS times and reads its scale
_opt = tf.compat.v1.train.experimental.MixedPrecisionLossScaleOptimizer(
    tf.compat.v1.train.GradientDescentOptimizer(0.1),
    tf.compat.v1.mixed_precision.DynamicLossScale(initial_loss_scale=INITIAL_SCALE))
_w = tf.Variable([1.0])
for _ in range(BAD_STEPS):
    _opt.apply_gradients([(tf.constant([float("inf")]), _w)])
predicted_scale = float(_opt._loss_scale())
