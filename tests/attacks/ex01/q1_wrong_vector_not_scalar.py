# INTENT: divides each per-example loss by global_batch_size but returns the vector (one value per example) instead of one scalar; tape.gradient would sum it so gradients are right, but the contract asks for a scalar.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return per_example / tf.cast(global_batch_size, per_example.dtype)
