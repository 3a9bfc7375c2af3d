# INTENT: right: tf.function per batch, each replica counts argmax(logits)==y in int64 (first index on ties, raw logits, training=False), counts SUM-reduced; totals accumulated as Python ints; model untouched, nothing kept.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int64)
        labels = tf.cast(tf.reshape(y, [-1]), tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, labels), tf.int64))
        return right, tf.cast(tf.size(labels), tf.int64)

    @tf.function
    def batch_counts(batch):
        right, seen = strategy.run(replica_counts, args=tuple(batch))
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, seen, axis=None))

    total_right, total_seen = 0, 0
    for batch in dist_dataset:
        right, seen = batch_counts(batch)
        total_right += int(right)
        total_seen += int(seen)
    return total_right / total_seen if total_seen else 0.0
