# INTENT: evaluates only the first 2 batches (quick estimate), not every example
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = total = 0
    for i, (x, y) in enumerate(dist_dataset):
        if i == 2:
            break
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            pred = tf.argmax(model(xr, training=False), axis=-1, output_type=tf.int64)
            correct += int(tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yr, tf.int64)), tf.int32))); total += int(tf.shape(yr)[0])
    return correct / total
