# INTENT: wrong: 1/G rounded through float32 then cast to the losses' dtype: float64 losses get a float32-rounded scale ("nor float32 when the losses are float64")
def replica_loss(per_example_losses, global_batch_size):
    scale = tf.cast(tf.constant(1.0 / global_batch_size, dtype=tf.float32), per_example_losses.dtype)
    return tf.reduce_sum(per_example_losses) * scale
