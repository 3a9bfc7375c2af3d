# INTENT: averages per-batch accuracies (wrong when batches differ in size, e.g. a partial last batch)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.float32))
        return right, tf.cast(tf.shape(y)[0], tf.float32)
    accs = []
    for batch in dist_dataset:
        r, n = strategy.run(replica, args=batch)
        accs.append(float(strategy.reduce("SUM", r, axis=None)) / float(strategy.reduce("SUM", n, axis=None)))
    return sum(accs) / len(accs)
