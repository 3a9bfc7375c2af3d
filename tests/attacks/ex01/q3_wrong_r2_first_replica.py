# INTENT: wrong - counts only the first replica's local results (a quarter of every batch) (public check: caught)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    right = total = 0
    for x, y in dist_dataset:
        x0 = strategy.experimental_local_results(x)[0]
        y0 = strategy.experimental_local_results(y)[0]
        pred = tf.argmax(model(x0, training=False), axis=-1, output_type=tf.int32)
        right += int(tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y0, tf.int32)), tf.int32)))
        total += int(tf.size(y0))
    return right / total
