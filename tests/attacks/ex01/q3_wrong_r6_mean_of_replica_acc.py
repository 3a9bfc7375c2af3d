# INTENT: each replica returns its own accuracy and the strategy takes their MEAN: depends on how examples are split (replicas with fewer examples weigh as much)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        acc, n = strategy.run(replica, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, acc, axis=None), strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None)

    correct = total = 0.0
    for batch in dist_dataset:
        a, n = step(batch)
        correct += float(a) * float(n)
        total += float(n)
    return correct / total
