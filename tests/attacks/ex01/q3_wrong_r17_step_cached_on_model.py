# INTENT: wrong: caches the compiled eval step as an attribute on the model (keyed by nothing else) and reuses it on later calls: state kept between calls and the model not left as found; a later call with another strategy runs the first call's strategy
def evaluate(strategy, model, dist_dataset):
    step = getattr(model, "_r17_eval_step", None)
    if step is None:
        def replica(xb, yb):
            pred = tf.argmax(model(xb, training=False), axis=-1, output_type=tf.int64)
            right = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(yb, tf.int64)), tf.int64))
            return right, tf.size(yb, out_type=tf.int64)

        @tf.function
        def step(batch):
            r, n = strategy.run(replica, args=batch)
            return (strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None))
        model._r17_eval_step = step

    right = total = 0
    for batch in dist_dataset:
        r, n = step(batch)
        right += int(r); total += int(n)
    return right / total if total else 0.0
