# INTENT: wrong: casts the logits to float64 before loss_fn "for precision" (breaks "on the logits of model(x, training=True) as they are (not changed first)"), then returns float32.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = tf.cast(model(x, training=True), tf.float64)
    per_example = loss_fn(y, logits)
    return tf.cast(tf.reduce_sum(per_example) / global_batch_size, tf.float32)
