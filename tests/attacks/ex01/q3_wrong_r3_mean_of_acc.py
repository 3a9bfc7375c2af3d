# INTENT: averages per-replica accuracies with ReduceOp.MEAN and then averages over batches: depends on the split when batches are uneven (partial last batch).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_acc(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_mean(tf.cast(predicted == y, tf.float32))

    accs = []
    for batch in dist_dataset:
        accs.append(float(strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(replica_acc, args=batch), axis=None)))
    return sum(accs) / len(accs)
