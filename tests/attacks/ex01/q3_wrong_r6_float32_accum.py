# INTENT: accumulates the accuracy as a float32 running mean on the device (tf.Variable-free, float32 rounding each step): not an exact count
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        return training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))

    acc = tf.constant(0.0, tf.float32)
    seen = tf.constant(0.0, tf.float32)
    for batch in dist_dataset:
        c, n = step(batch)
        seen += n
        acc += (c - acc * n) / seen
    return acc.numpy()
