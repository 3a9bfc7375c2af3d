# INTENT: wrong: divisor max(global_batch_size, replica batch x num_replicas), a size rebuilt from the replica count (wrong when replicas get unequal slices)
def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    n = tf.distribute.get_strategy().num_replicas_in_sync
    rebuilt = tf.cast(tf.shape(per_example)[0] * n, tf.float32)
    divisor = tf.maximum(tf.cast(global_batch_size, tf.float32), rebuilt)
    return tf.reduce_sum(per_example) / divisor
