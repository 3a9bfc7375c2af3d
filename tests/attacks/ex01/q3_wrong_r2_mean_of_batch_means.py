# INTENT: wrong - averages the per-batch accuracies (equal batches hide it; a short last batch is over-weighted) (public check: caught)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(x, y):
        def replica(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
            ok = tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.float32)
            return tf.reduce_sum(ok), tf.cast(tf.size(ok), tf.float32)
        right, n = strategy.run(replica, args=(x, y))
        return strategy.reduce("SUM", right, axis=None) / strategy.reduce("SUM", n, axis=None)
    accs = [float(step(x, y)) for x, y in dist_dataset]
    return sum(accs) / len(accs)
