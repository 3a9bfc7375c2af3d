# INTENT: off by one: stops before the last batch (a student who counted steps with len - 1).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32)), tf.cast(tf.size(y), tf.float32)

    batches = list(dist_dataset)
    correct, total = 0.0, 0.0
    for batch in batches[:-1]:
        c, t = strategy.run(replica_counts, args=batch)
        correct += float(strategy.reduce("SUM", c, axis=None))
        total += float(strategy.reduce("SUM", t, axis=None))
    return correct / total
