# INTENT: wrong: casts the logits to float16 before argmax "to save memory on big eval batches"; logits that differ by less than float16's step become ties and the first one wins, not the largest logit as it is.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = tf.cast(model(x, training=False), tf.float16)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return right, tf.size(y, out_type=tf.int64)

    @tf.function
    def counts(batch):
        right, seen = strategy.run(replica_counts, args=tuple(batch))
        return tuple(strategy.reduce(tf.distribute.ReduceOp.SUM, v, axis=None) for v in (right, seen))

    right_total = seen_total = 0
    for batch in dist_dataset:
        r, s = counts(batch)
        right_total += int(r)
        seen_total += int(s)
    return right_total / seen_total if seen_total else 0.0
