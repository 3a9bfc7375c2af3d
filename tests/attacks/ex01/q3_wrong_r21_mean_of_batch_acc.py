# INTENT: wrong: averages the per-batch accuracies (each batch weighted equally), not every example's: a smaller last batch counts as much as a full one, so the result is not the accuracy "over every example".
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return right, tf.size(y, out_type=tf.int64)

    @tf.function
    def batch_accuracy(batch):
        right, seen = strategy.run(replica_counts, args=tuple(batch))
        right = strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None)
        seen = strategy.reduce(tf.distribute.ReduceOp.SUM, seen, axis=None)
        return tf.cast(right, tf.float64) / tf.cast(seen, tf.float64)

    accuracies = [float(batch_accuracy(b)) for b in dist_dataset]
    return sum(accuracies) / len(accuracies) if accuracies else 0.0
