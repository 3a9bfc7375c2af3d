def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int64)
        correct = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return correct, tf.cast(tf.size(y), tf.int64)

    @tf.function
    def step(batch):
        correct, count = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, correct, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, count, axis=None))

    correct_total, count_total = 0, 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct_total += int(c)
        count_total += int(n)
    return correct_total / count_total
