# INTENT: reports a rounded value (float16 for logging) while keeping the exact gradient through a straight-through trick: the value is rounded through a narrower type
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    exact = tf.reduce_sum(per_example_losses) / global_batch_size
    shown = tf.cast(tf.cast(exact, tf.float16), tf.float32)
    return exact + tf.stop_gradient(shown - exact)
