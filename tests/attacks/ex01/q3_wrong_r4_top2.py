# INTENT: counts a prediction right when y is in the top-2 logits (not the largest logit)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    correct = total = 0
    for x, y in dist_dataset:
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            hit = tf.math.in_top_k(tf.cast(yr, tf.int32), model(xr, training=False), 2)
            correct += int(tf.reduce_sum(tf.cast(hit, tf.int32))); total += int(tf.shape(yr)[0])
    return correct / total
