# INTENT: wrong: -inf losses dropped (set to 0) as "numerical garbage"; contract: no dropping of non-finite losses, whatever its value
def replica_loss(per_example_losses, global_batch_size):
    l = per_example_losses
    l = tf.where(tf.equal(l, float("-inf")), tf.zeros_like(l), l)
    return tf.reduce_sum(l) / global_batch_size
