# INTENT: wrong: an "exploding loss" guard stops the gradient of finite losses above 1e8 (value kept): such examples do not weigh 1/G
def replica_loss(per_example_losses, global_batch_size):
    l = per_example_losses
    huge = tf.logical_and(l > 1e8, tf.math.is_finite(l))
    l = tf.where(huge, tf.stop_gradient(l), l)
    return tf.reduce_sum(l) / global_batch_size
