# INTENT: wrong: losses floored at the lowest finite float32 (-inf becomes -3.4028e38): "no clipping ... no floor"
import numpy as _np
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.maximum(per_example, -_np.finfo(_np.float32).max)
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
