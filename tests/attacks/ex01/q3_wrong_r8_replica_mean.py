# INTENT: each replica returns its own accuracy and they are averaged (ReduceOp.MEAN), then batches weighted by size: depends on how a batch was split between replicas
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_acc(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        hit = tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.float32)
        n = tf.cast(tf.size(hit), tf.float32)
        return tf.math.divide_no_nan(tf.reduce_sum(hit), n), n

    @tf.function
    def step(batch):
        acc, n = strategy.run(replica_acc, args=batch)
        return strategy.reduce("MEAN", acc, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0.0
    for batch in dist_dataset:
        a, n = step(batch)
        correct += float(a) * float(n)
        total += float(n)
    return correct / total
