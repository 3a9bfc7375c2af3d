# INTENT: computes with TensorFlow (tf.constant -> int32 by default): fails/overflows above 2**31 examples, not exact for any size
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    return int(tf.math.floordiv(tf.constant(n_examples), tf.constant(global_batch_size)))
