# INTENT: each replica returns its own accuracy and the strategy takes their MEAN, weighted per batch by the batch size; depends on how a batch is split between replicas.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_acc(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        n = tf.cast(tf.size(y), tf.float32)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32))
        return tf.math.divide_no_nan(right, n), n

    @tf.function
    def step(batch):
        acc, n = strategy.run(replica_acc, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.MEAN, acc, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None))

    weighted = count = 0.0
    for batch in dist_dataset:
        acc, n = step(batch)
        weighted += float(acc) * float(n)
        count += float(n)
    return weighted / count
