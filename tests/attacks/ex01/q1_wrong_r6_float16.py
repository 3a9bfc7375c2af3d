# INTENT: sums the per-example losses in bfloat16 to save memory: value and gradient only ~1e-2 accurate
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.cast(tf.reduce_sum(tf.cast(per_example, tf.bfloat16)), tf.float32) / global_batch_size
