# INTENT: correct: the local mean rescaled by (local examples / global batch), which equals sum / global_batch_size. (Re-filed wrong in round 10: NaN on a replica with no example.)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = tf.cast(loss_fn(y, logits), tf.float32)
    local_n = tf.cast(tf.shape(per_example)[0], tf.float32)
    return tf.reduce_mean(per_example) * (local_n / tf.cast(global_batch_size, tf.float32))
