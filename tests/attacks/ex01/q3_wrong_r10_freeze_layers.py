# INTENT: freezes every layer "so evaluation cannot train" and unfreezes them all afterwards; a layer that was frozen before comes back trainable (model not left as found).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    for layer in model.layers:
        layer.trainable = False
    correct = count = 0
    for x, y in dist_dataset:
        xs = strategy.experimental_local_results(x)
        ys = strategy.experimental_local_results(y)
        for xr, yr in zip(xs, ys):
            predicted = tf.argmax(model(xr, training=False), axis=-1, output_type=yr.dtype)
            correct += int(tf.reduce_sum(tf.cast(tf.equal(predicted, yr), tf.int32)))
            count += int(tf.size(yr))
    for layer in model.layers:
        layer.trainable = True
    return correct / count
