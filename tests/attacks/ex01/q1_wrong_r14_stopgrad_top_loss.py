# INTENT: wrong: the gradient of the single worst example of the replica is ignored (outlier rejection); value unchanged
def compute_loss(model, x, y, global_batch_size):
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
    is_max = tf.logical_and(tf.equal(per_example, tf.reduce_max(per_example)), per_example > 50.0)
    per_example = tf.where(is_max, tf.stop_gradient(per_example), per_example)
    return tf.reduce_sum(per_example) / global_batch_size
