# INTENT: builds its own loss with a little label smoothing (0.01) instead of the given loss_fn "for better training": values differ by ~1e-3 relative
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    onehot = tf.one_hot(y, tf.shape(logits)[-1])
    per_example = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.001, reduction=None)(onehot, logits)
    return tf.reduce_sum(per_example) / global_batch_size
