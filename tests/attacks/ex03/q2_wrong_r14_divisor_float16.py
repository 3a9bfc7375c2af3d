# INTENT: wrong: the divisor rounded through float16 (exact only for global batches <= 2048; e.g. 4097 -> 4096)
def replica_loss(per_example_losses, global_batch_size):
    gb = tf.cast(tf.cast(global_batch_size, tf.float16), tf.float32)
    return tf.reduce_sum(per_example_losses) / gb
