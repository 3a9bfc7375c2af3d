# INTENT: caches the divisor from the first call (state kept between calls): later calls with another global_batch_size divide by the old one
_divisor = []
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    if not _divisor:
        _divisor.append(float(global_batch_size))
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / _divisor[0]
