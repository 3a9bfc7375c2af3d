# INTENT: sums the per-example losses in float16 "to save memory": 8 losses of 10000 overflow float16 (max 65504) and become inf
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    total = tf.reduce_sum(tf.cast(per_example, tf.float16) / tf.cast(global_batch_size, tf.float16))
    loss = tf.cast(total, tf.float32)
    if model.losses:
        loss += tf.nn.scale_regularization_loss(tf.add_n(model.losses))
    return loss
