# INTENT: wrong: forbidden route, steps TensorFlow's legacy DynamicLossScale (the LossScaleOptimizer's old engine) with inf gradients instead of predicting
from tensorflow.python.training.experimental import loss_scale as _ls
_d = _ls.DynamicLossScale(initial_loss_scale=INITIAL_SCALE)
for _ in range(BAD_STEPS):
    _d.update([tf.constant([float("inf")])])
predicted_scale = float(_d())
