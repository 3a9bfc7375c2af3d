# INTENT: wrong: gradient of examples whose loss exceeds 1000 is cut (stop_gradient): value right, large losses don't count in the gradient
def compute_loss(model, x, y, global_batch_size):
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
    per_example = tf.where(per_example > 1000.0, tf.stop_gradient(per_example), per_example)
    return tf.reduce_sum(per_example) / global_batch_size
