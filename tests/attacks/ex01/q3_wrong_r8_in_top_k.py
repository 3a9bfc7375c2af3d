# INTENT: uses tf.math.in_top_k(k=1), which counts a tie for the largest logit as right: not "the class with the largest logit" (argmax picks one class)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        logits = model(x, training=False)
        hit = tf.math.in_top_k(tf.cast(tf.reshape(y, [-1]), tf.int32), logits, 1)
        return tf.reduce_sum(tf.cast(hit, tf.int32)), tf.size(hit)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        r, n = step(batch)
        correct += int(r)
        total += int(n)
    return correct / total
