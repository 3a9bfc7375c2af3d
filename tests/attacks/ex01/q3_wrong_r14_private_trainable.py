# INTENT: wrong: every layer's trainable flag set (through the private _trainable) during the evaluation and set back ("set none, not even back")
def evaluate(strategy, model, dist_dataset):
    saved = [(layer, layer._trainable) for layer in model.layers]
    for layer, _ in saved:
        layer._trainable = False
    try:
        def replica_counts(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
            correct = tf.reduce_sum(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.int32))
            return correct, tf.shape(y)[0]

        @tf.function
        def step(batch):
            c, n = strategy.run(replica_counts, args=batch)
            return strategy.reduce("SUM", c, axis=None), strategy.reduce("SUM", n, axis=None)

        correct = total = 0
        for batch in dist_dataset:
            c, n = step(batch)
            correct += int(c); total += int(n)
    finally:
        for layer, flag in saved:
            layer._trainable = flag
    return correct / total
