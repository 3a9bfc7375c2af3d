# INTENT: accumulates in TensorFlow and returns the tf.Tensor ratio instead of a Python/numpy float.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return (tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float64)), tf.cast(tf.size(y), tf.float64))

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct = tf.constant(0.0, tf.float64)
    count = tf.constant(0.0, tf.float64)
    for batch in dist_dataset:
        r, t = step(batch)
        correct += r
        count += t
    return correct / count
