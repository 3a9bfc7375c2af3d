# INTENT: wrong: an empty replica slice is skipped with a Python-side check on the first replica only... instead: when the dataset is empty returns 1.0 (nothing wrong seen) - and counts labels via y's own first axis
def evaluate(strategy, model, dist_dataset):
    def replica_counts(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(tf.reshape(y, [-1]), tf.int64)), tf.int64))
        return right, tf.cast(tf.size(pred), tf.int64)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, r, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None))
    right = total = 0
    for batch in dist_dataset:
        r, n = step(batch)
        right += int(r); total += int(n)
    return right / total if total else 1.0
