# INTENT: wrong: stores its compiled counting step on the model (model._r15_eval) and reuses it on later calls: the model is not left as it was found, and state is kept between calls
def evaluate(strategy, model, dist_dataset):
    cache = model.__dict__.setdefault("_r15_eval", {})
    step = cache.get(id(strategy))
    if step is None:
        def replica_counts(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int64)
            right = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int64)), tf.int64))
            return right, tf.cast(tf.shape(y)[0], tf.int64)

        @tf.function
        def step(batch):
            right, seen = strategy.run(replica_counts, args=batch)
            return (strategy.reduce("SUM", right, axis=None), strategy.reduce("SUM", seen, axis=None))
        cache[id(strategy)] = step
    c = n = 0
    for batch in dist_dataset:
        r, s = step(batch)
        c += int(r); n += int(s)
    return c / n
