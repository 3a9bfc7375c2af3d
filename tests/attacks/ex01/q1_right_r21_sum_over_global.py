# INTENT: right: per-example losses from the notebook's loss_fn (looked up at call time) on model(x, training=True), summed and divided by the given global_batch_size; empty slice sums to 0.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / tf.cast(global_batch_size, per_example.dtype)
