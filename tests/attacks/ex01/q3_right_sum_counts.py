# INTENT: correct: each replica returns (correct, count); both are SUM-reduced across replicas and accumulated over batches; returns a Python float.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(batch):
        def replica_counts(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
            right = tf.reduce_sum(tf.cast(tf.equal(pred, y), tf.float32))
            return right, tf.cast(tf.shape(y)[0], tf.float32)
        c, t = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, c, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, t, axis=None))
    correct = total = 0.0
    for batch in dist_dataset:
        c, t = step(batch)
        correct += float(c)
        total += float(t)
    return correct / total if total else 0.0
