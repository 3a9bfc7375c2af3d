def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        logits = model(x, training=False)
        pred = tf.argmax(logits, axis=-1, output_type=tf.int64)
        correct = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.int64))
        return correct, tf.cast(tf.shape(y)[0], tf.int64)

    @tf.function
    def step(batch):
        c, n = strategy.run(replica, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, c, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None))
    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c)
        total += int(n)
    return correct / total
