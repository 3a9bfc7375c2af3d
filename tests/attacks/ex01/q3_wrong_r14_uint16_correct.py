# INTENT: wrong: correct predictions counted per replica in uint16 (wraps above 65535; the prompt asks exact counts to 2**24)
def evaluate(strategy, model, dist_dataset):
    def replica_counts(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        correct = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.uint16))
        return tf.cast(correct, tf.int64), tf.cast(tf.shape(y)[0], tf.int64)

    @tf.function
    def step(batch):
        c, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c); total += int(n)
    return correct / total
