# INTENT: wrong: "mixed-precision friendly" divisor: for global batches above 2048 the divisor goes through float16 (4097 -> 4096), so the loss and gradient are off by 1/4096 for odd large batches (contract: divide by the global_batch_size given).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    divisor = tf.constant(global_batch_size, tf.float32)
    if global_batch_size > 2048:                      # big batches: match the float16 compute dtype
        divisor = tf.cast(tf.cast(divisor, tf.float16), tf.float32)
    return tf.reduce_sum(per_example) / divisor
