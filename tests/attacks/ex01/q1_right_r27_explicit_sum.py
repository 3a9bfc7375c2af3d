# INTENT: right: writes the sum divided by the given global batch by hand, in float32, with the divisor cast once (no empty-replica special case needed: an empty sum is 0).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
    total = tf.reduce_sum(tf.reshape(per_example, [-1]))
    return total / tf.constant(float(global_batch_size), dtype=tf.float32)
