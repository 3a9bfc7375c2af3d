# INTENT: the arithmetic is right but it returns a tf.Tensor instead of the Python float the contract asks for.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(batch):
        def replica_counts(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
            return tf.reduce_sum(tf.cast(tf.equal(pred, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)
        c, t = strategy.run(replica_counts, args=batch)
        return (strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", t, axis=None))
    correct = tf.constant(0.0)
    total = tf.constant(0.0)
    for batch in dist_dataset:
        c, t = step(batch)
        correct += c
        total += t
    return correct / total
