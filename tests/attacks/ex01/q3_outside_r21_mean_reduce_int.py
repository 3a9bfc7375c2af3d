# INTENT: outside (round 21, ruled by the lead): the writer thought ReduceOp.MEAN of int64 counts truncates; MirroredStrategy's MEAN of an int64 is float64 (1 of 4 replicas gives 0.25), so times num_replicas the count is exact. The writer's intent: wrong: reduces the integer counts with ReduceOp.MEAN and multiplies back by num_replicas; MEAN on int64 divides with truncation, so whenever the replicas' counts do not divide evenly counts are lost (counts must be exact).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    n = strategy.num_replicas_in_sync

    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return right, tf.size(y, out_type=tf.int64)

    @tf.function
    def counts(batch):
        right, seen = strategy.run(replica_counts, args=tuple(batch))
        return (strategy.reduce(tf.distribute.ReduceOp.MEAN, right, axis=None) * n,
                strategy.reduce(tf.distribute.ReduceOp.SUM, seen, axis=None))

    right_total = seen_total = 0
    for batch in dist_dataset:
        r, s = counts(batch)
        right_total += int(r)
        seen_total += int(s)
    return right_total / seen_total if seen_total else 0.0
