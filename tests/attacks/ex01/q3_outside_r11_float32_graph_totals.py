# INTENT: loops over the distributed dataset inside one tf.function with float32 accumulators (float32 running totals: inexact past 2**24 examples)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_count(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        return (tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.float32)),
                tf.cast(tf.size(y), tf.float32))

    @tf.function
    def run_all(ds):
        correct = tf.constant(0.0)
        total = tf.constant(0.0)
        for batch in ds:
            c, n = strategy.run(replica_count, args=batch)
            correct += strategy.reduce(tf.distribute.ReduceOp.SUM, c, axis=None)
            total += strategy.reduce(tf.distribute.ReduceOp.SUM, n, axis=None)
        return correct, total

    correct, total = run_all(dist_dataset)
    return float(correct) / float(total)
