# INTENT: keras.ops.mean of this replica's losses scaled by its share of the global batch; an empty replica slice (tiny partial batch) gives NaN instead of 0.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    share = tf.cast(tf.size(y), tf.float32) / global_batch_size
    return keras.ops.mean(per_example) * share
