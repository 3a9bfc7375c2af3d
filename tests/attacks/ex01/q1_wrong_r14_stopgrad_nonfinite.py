# INTENT: wrong: a non-finite per-example loss keeps its value but its gradient is cut (stop_gradient): the gradient is not that of the mean
def compute_loss(model, x, y, global_batch_size):
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
    per_example = tf.where(tf.math.is_finite(per_example), per_example, tf.stop_gradient(per_example))
    return tf.reduce_sum(per_example) / global_batch_size
