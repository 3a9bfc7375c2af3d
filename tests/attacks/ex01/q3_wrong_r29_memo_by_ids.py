# INTENT: wrong: memoizes the result in a mutable default argument keyed by (id(model), id(dist_dataset)) holding only floats, so the model can die but a later model/dataset at a recycled id gets a stale accuracy (breaks "each call evaluates the model and dataset it is given, nothing kept between calls").
def evaluate(strategy, model, dist_dataset, _memo={}):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    key = (id(strategy), id(model), id(dist_dataset))
    if key in _memo:
        return _memo[key]

    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
        right = tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int64)), tf.int64))
        return right, tf.cast(tf.shape(y)[0], tf.int64)

    right_total, seen_total = 0, 0
    for batch in dist_dataset:
        right, seen = strategy.run(replica_counts, args=batch)
        right_total += int(strategy.reduce("SUM", right, axis=None))
        seen_total += int(strategy.reduce("SUM", seen, axis=None))
    _memo[key] = right_total / seen_total
    return _memo[key]
