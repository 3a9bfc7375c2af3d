# INTENT: masks non-finite losses only in the gradient path (value kept), so a NaN example carries no gradient.
def replica_loss(per_example_losses, global_batch_size):
    ok = tf.math.is_finite(per_example_losses)
    safe = tf.where(ok, per_example_losses, tf.stop_gradient(per_example_losses))
    return tf.reduce_sum(safe) / global_batch_size
