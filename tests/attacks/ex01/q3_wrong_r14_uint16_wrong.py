# INTENT: wrong: WRONG predictions counted per replica in uint16 (wraps above 65535), accuracy = 1 - wrong/total
def evaluate(strategy, model, dist_dataset):
    def replica_counts(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        wrong = tf.reduce_sum(tf.cast(tf.not_equal(pred, tf.cast(y, tf.int32)), tf.uint16))
        return tf.cast(wrong, tf.int64), tf.cast(tf.shape(y)[0], tf.int64)

    @tf.function
    def step(batch):
        w, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", w, axis=None), strategy.reduce("SUM", n, axis=None)

    wrong = total = 0
    for batch in dist_dataset:
        w, n = step(batch)
        wrong += int(w); total += int(n)
    return 1.0 - wrong / total
