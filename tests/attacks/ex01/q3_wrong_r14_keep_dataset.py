# INTENT: wrong: state kept: every dataset and strategy evaluated is remembered on the function (never released)
def evaluate(strategy, model, dist_dataset):
    evaluate.__dict__.setdefault("seen", []).append((strategy, dist_dataset))
    def replica_counts(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        correct = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.int32))
        return correct, tf.shape(y)[0]

    @tf.function
    def step(batch):
        c, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c); total += int(n)
    return correct / total
