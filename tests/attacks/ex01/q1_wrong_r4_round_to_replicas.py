# INTENT: rounds the global batch down to a multiple of 4 replicas (global batch not a multiple of 4 gives a wrong scale)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    gb = (global_batch_size // 4) * 4
    return tf.reduce_sum(per_example) / gb
