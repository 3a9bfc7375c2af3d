# INTENT: wrong: a float32 TensorFlow tensor computed with TF ops, not a Python number (and narrowed to float32).
PREDICTED_ALLREDUCE_MS = tf.constant(2 * 7 * 20e-3) + tf.constant(2 * 7 / 8 * 200e6 / 25e9 * 1e3)
