# INTENT: right: per batch, each replica counts its correct predictions (argmax of the logits, training=False) and its examples in int64; the counts are summed across replicas and then in Python ints.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int64)
        labels = tf.cast(tf.reshape(y, [-1]), tf.int64)
        correct = tf.reduce_sum(tf.cast(tf.equal(predicted, labels), tf.int64))
        return correct, tf.size(labels, out_type=tf.int64)

    @tf.function
    def batch_counts(batch):
        correct, seen = strategy.run(replica_counts, args=batch)
        return (strategy.reduce("SUM", correct, axis=None), strategy.reduce("SUM", seen, axis=None))

    right = total = 0
    for batch in dist_dataset:
        c, n = batch_counts(batch)
        right += int(c)
        total += int(n)
    return right / total if total else 0.0
