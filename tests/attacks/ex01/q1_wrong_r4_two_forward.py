# INTENT: value from a training=False forward pass, gradient from training=True (differs with dropout/BN)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_train = loss_fn(y, model(x, training=True))
    per_eval = loss_fn(y, model(x, training=False))
    right = tf.reduce_sum(per_train) / global_batch_size
    return tf.stop_gradient(tf.reduce_sum(per_eval) / global_batch_size - right) + right
