# INTENT: value right but gradient of the per-replica mean: value = sum/G, grad via stop_gradient trick of mean
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    mean = tf.reduce_mean(per_example)
    right = tf.reduce_sum(per_example) / global_batch_size
    return mean + tf.stop_gradient(right - mean)
