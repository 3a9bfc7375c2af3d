# INTENT: denominator is steps x (size of the first batch): wrong when the last batch is partial.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32)), tf.cast(tf.size(y), tf.float32)

    correct, steps, batch_size = 0.0, 0, None
    for batch in dist_dataset:
        c, t = strategy.run(replica_counts, args=batch)
        correct += float(strategy.reduce("SUM", c, axis=None))
        if batch_size is None:
            batch_size = float(strategy.reduce("SUM", t, axis=None))
        steps += 1
    return correct / (steps * batch_size)
