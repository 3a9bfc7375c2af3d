# INTENT: measures the answer with tf.data (cardinality of a batched range) instead of working out a formula, which the prompt rules out ("as a formula of its arguments, worked out, not measured").
def predicted_steps(n_examples, global_batch_size, num_workers):
    """Training steps one worker runs per epoch."""
    ds = tf.data.Dataset.range(n_examples).batch(global_batch_size, drop_remainder=True)
    return int(ds.cardinality())
