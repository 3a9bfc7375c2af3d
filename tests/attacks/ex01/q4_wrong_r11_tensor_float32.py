# INTENT: (round 18: wrong, the lead's ruling on float32_product) the factor in float32 of a ratio global/per-replica computed with a tensor: not exact past 2**24
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    glob = tf.constant(num_replicas * per_replica_batch_size, tf.float32)
    return glob / tf.constant(per_replica_batch_size, tf.float32)
