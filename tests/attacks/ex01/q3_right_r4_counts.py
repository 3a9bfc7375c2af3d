# INTENT: correct
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica(x, y):
        logits = model(x, training=False)
        pred = tf.argmax(logits, axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.float32))
        return right, tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        r, n = strategy.run(replica, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0.0
    for batch in dist_dataset:
        r, n = step(batch)
        correct += float(r); total += float(n)
    return correct / total
