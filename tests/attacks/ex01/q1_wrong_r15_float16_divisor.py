# INTENT: wrong: the divisor passes through float16, so global batch sizes above 2048 (e.g. 4097) are rounded: not the given global_batch_size
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    divisor = tf.cast(tf.cast(global_batch_size, tf.float16), per_example.dtype)
    return tf.reduce_sum(per_example) / divisor
