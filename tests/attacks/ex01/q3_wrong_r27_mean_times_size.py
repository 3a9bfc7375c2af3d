# INTENT: wrong: each replica's count is reduce_mean(correct) * size in float32, not an exact whole number (breaks "the counts must be exact, whole numbers"); exact for small slices.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        hits = tf.cast(tf.equal(predicted, y), tf.float32)
        n = tf.cast(tf.size(y), tf.float32)
        return tf.math.divide_no_nan(tf.reduce_sum(hits), n) * n, n

    @tf.function
    def counts(batch):
        c, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    right = total = 0.0
    for batch in dist_dataset:
        c, n = counts(batch)
        right += float(c)
        total += float(n)
    return right / total
