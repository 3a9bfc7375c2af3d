# INTENT: returns the accuracy as a TensorFlow tensor (correct / total in TF), not a Python or numpy float as the contract says
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        return training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))

    correct = tf.constant(0.0, tf.float64)
    total = tf.constant(0.0, tf.float64)
    for batch in dist_dataset:
        c, n = step(batch)
        correct += tf.cast(c, tf.float64)
        total += tf.cast(n, tf.float64)
    return correct / total
