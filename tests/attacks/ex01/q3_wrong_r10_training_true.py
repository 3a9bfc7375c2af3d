# INTENT: copies the train step's forward pass with training=True; the prompt wants inference mode (differs with dropout/BatchNorm and can change BatchNorm statistics).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=True), axis=-1, output_type=y.dtype)
        return (tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.int32)), tf.size(y))

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        return (strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None),
                strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None))

    correct = count = 0
    for batch in dist_dataset:
        r, t = step(batch)
        correct += int(r)
        count += int(t)
    return correct / count
