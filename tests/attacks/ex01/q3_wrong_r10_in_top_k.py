# INTENT: uses tf.math.in_top_k(k=1) (old tutorials); it counts a tie for the largest logit as right, while the prompt's prediction is the argmax class.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        hit = tf.math.in_top_k(targets=tf.cast(y, tf.int32), predictions=tf.cast(logits, tf.float32), k=1)
        return tf.reduce_sum(tf.cast(hit, tf.float32)), tf.cast(tf.size(y), tf.float32)

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct = count = 0.0
    for batch in dist_dataset:
        r, t = step(batch)
        correct += float(r)
        count += float(t)
    return correct / count
