# INTENT: casts logits to float16 before argmax (saves memory): near-ties resolve differently
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = total = 0
    for x, y in dist_dataset:
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            pred = tf.argmax(tf.cast(model(xr, training=False), tf.float16), axis=-1, output_type=tf.int64)
            correct += int(tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yr, tf.int64)), tf.int32))); total += int(tf.shape(yr)[0])
    return correct / total
