# INTENT: wrong: calls model(x) without training=True (inference mode: dropout/BN behave differently); the contract asks for the logits of model(x, training=True).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x))
    return tf.reduce_sum(per_example) / global_batch_size
