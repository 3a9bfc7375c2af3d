# INTENT: wrong: remembers every model and dataset evaluated in a module-level list (state kept between calls, never released)
_evaluated = []
def evaluate(strategy, model, dist_dataset):
    _evaluated.append((model, dist_dataset))

    def counts(x, y):
        pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
        return tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.int32)), tf.size(y)

    @tf.function
    def step(batch):
        c, n = strategy.run(counts, args=batch)
        return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        c, n = step(batch)
        correct += int(c); total += int(n)
    return correct / total
