# INTENT: compiles the model (attaches a loss/metrics/optimizer) to evaluate: model not left as found
def evaluate(strategy, model, dist_dataset):
    with strategy.scope():
        model.compile(loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])

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
