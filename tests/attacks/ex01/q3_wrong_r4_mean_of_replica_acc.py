# INTENT: MEAN over replicas of each replica's accuracy (depends on the split when replicas hold different counts)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        acc = tf.reduce_mean(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.float32))
        return acc, tf.cast(tf.shape(y)[0], tf.float32)
    correct = total = 0.0
    for batch in dist_dataset:
        acc, n = strategy.run(replica, args=batch)
        n_all = float(strategy.reduce("SUM", n, axis=None))
        correct += float(strategy.reduce("MEAN", acc, axis=None)) * n_all
        total += n_all
    return correct / total
