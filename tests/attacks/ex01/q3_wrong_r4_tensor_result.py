# INTENT: returns a tf tensor, not a Python/numpy float
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = tf.constant(0.0); total = tf.constant(0.0)
    for x, y in dist_dataset:
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            pred = tf.argmax(model(xr, training=False), axis=-1, output_type=tf.int64)
            correct += tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yr, tf.int64)), tf.float32))
            total += tf.cast(tf.shape(yr)[0], tf.float32)
    return correct / total
