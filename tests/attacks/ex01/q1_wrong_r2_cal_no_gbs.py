# INTENT: wrong - compute_average_loss without global_batch_size (relies on the replica context to infer it; outside it divides by the local batch) (public check: caught)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)))
