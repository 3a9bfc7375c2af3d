# INTENT: counts per batch in bfloat16 (exact only up to 256): per-batch counts of big batches get rounded, the total is nearly right but not exact
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        hit = tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.bfloat16)
        return tf.reduce_sum(hit), tf.reduce_sum(tf.ones_like(hit))

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0.0
    for batch in dist_dataset:
        r, n = step(batch)
        correct += float(r)
        total += float(n)
    return correct / total
