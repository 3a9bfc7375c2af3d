# INTENT: keeps a running float32 mean of per-example correctness (Welford-style update) instead of exact counts: off by float32 rounding on many examples
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    import numpy as np
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.float32))
        return right, tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    mean, seen = np.float32(0), np.float32(0)
    for batch in dist_dataset:
        r, n = step(batch)
        r, n = np.float32(r), np.float32(n)
        seen = seen + n
        mean = mean + (r - mean * n) / seen
    return float(mean)
