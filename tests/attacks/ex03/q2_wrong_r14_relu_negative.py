# INTENT: wrong: negative per-example losses set to 0 ("a loss cannot be negative"); contract: every loss weighs 1/G whatever its value
def replica_loss(per_example_losses, global_batch_size):
    l = tf.where(per_example_losses < 0, tf.zeros_like(per_example_losses), per_example_losses)
    return tf.reduce_sum(l) / global_batch_size
