# INTENT: correct (log_softmax is shift-invariant: log_softmax(log_softmax(z)) == log_softmax(z)), an equivalent form
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = loss_fn(y, tf.nn.log_softmax(logits))
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
