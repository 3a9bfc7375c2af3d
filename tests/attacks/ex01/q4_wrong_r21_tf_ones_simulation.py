# INTENT: wrong (lead, round 21, the TensorFlow twin of ones_simulation): the replicas simulated with tf.ones on data it makes (per-replica means summed over the global mean), which the prompt forbids; exact for equal replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    ones = tf.ones((num_replicas, per_replica_batch_size), tf.float64)
    mirrored = tf.reduce_sum(tf.reduce_mean(ones, axis=1))
    single = tf.reduce_mean(ones)
    return float(mirrored / single)
