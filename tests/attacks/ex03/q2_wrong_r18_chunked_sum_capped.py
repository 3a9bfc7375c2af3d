# INTENT: wrong: "stable" chunked sum over a fixed 16 chunks of 64 examples: a replica with more than 1024 examples drops the rest
def replica_loss(per_example_losses, global_batch_size):
    l = per_example_losses
    total = tf.zeros([], l.dtype)
    for k in range(16):
        total += tf.reduce_sum(l[k * 64:(k + 1) * 64])
    return total / tf.cast(global_batch_size, l.dtype)
