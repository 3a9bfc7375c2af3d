# INTENT: wrong type - returns a scalar tf.Tensor, not a Python float (public check: caught)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    right = tf.constant(0.0)
    total = tf.constant(0.0)
    for x, y in dist_dataset:
        def replica(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
            ok = tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.float32)
            return tf.reduce_sum(ok), tf.cast(tf.size(ok), tf.float32)
        r, n = strategy.run(replica, args=(x, y))
        right += strategy.reduce("SUM", r, axis=None)
        total += strategy.reduce("SUM", n, axis=None)
    return right / total
