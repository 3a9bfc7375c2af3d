# INTENT: wrong: per-replica and per-batch counts in uint16 (wrap past 65535 examples in one batch; the prompt wants exact counts for any batch size up to 2**24)
def evaluate(strategy, model, dist_dataset):
    def counts(x, y):
        pred = tf.argmax(model(x), axis=-1, output_type=tf.int32)
        hit = tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.uint16)
        return tf.reduce_sum(hit), tf.cast(tf.shape(y)[0], tf.uint16)

    @tf.function
    def step(batch):
        c, n = strategy.run(counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c); total += int(n)
    return correct / total
