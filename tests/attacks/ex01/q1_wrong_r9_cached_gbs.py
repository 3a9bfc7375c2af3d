# INTENT: memoises the divisor on the first call (student "optimising" the cast); later calls with another global_batch_size divide by the first one
_DIVISOR = {}
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    if "gbs" not in _DIVISOR:
        _DIVISOR["gbs"] = tf.constant(float(global_batch_size))
    per_example = loss_fn(y, model(x, training=True))
    loss = tf.reduce_sum(per_example) / _DIVISOR["gbs"]
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
