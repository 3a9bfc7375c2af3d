def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return right, tf.size(y, out_type=tf.int64)

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct, count = 0, 0
    for batch in dist_dataset:
        r, t = step(batch)
        correct += int(r)
        count += int(t)
    return correct / count
