# INTENT: predicts with model(x, training=True) (copied from the train step): the prompt requires inference mode; same numbers for a model without Dropout/BatchNorm
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=True), axis=-1, output_type=tf.int32)
        return tf.reduce_sum(tf.cast(tf.equal(predicted, tf.cast(y, tf.int32)), tf.int32)), tf.shape(y)[0]

    @tf.function
    def step(batch):
        r, n = strategy.run(replica_counts, args=batch)
        return strategy.reduce("SUM", r, axis=None), strategy.reduce("SUM", n, axis=None)

    correct = total = 0
    for batch in dist_dataset:
        r, n = step(batch)
        correct += int(r)
        total += int(n)
    return correct / total
