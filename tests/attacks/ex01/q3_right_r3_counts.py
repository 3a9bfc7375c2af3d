def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)
        correct = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.float32))
        total = tf.cast(tf.shape(y)[0], tf.float32)
        return correct, total

    @tf.function
    def step(batch):
        correct, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, correct, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct_sum, total_sum = 0.0, 0.0
    for batch in dist_dataset:
        c, t = step(batch)
        correct_sum += float(c)
        total_sum += float(t)
    return correct_sum / total_sum
