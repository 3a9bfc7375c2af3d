# INTENT: averages per-replica accuracies (ReduceOp.MEAN) and then averages over batches, which depends on the split: wrong when replicas or batches hold different numbers of examples (e.g. a partial last batch).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(batch):
        def replica_acc(x, y):
            logits = model(x, training=False)
            pred = tf.argmax(logits, axis=-1, output_type=y.dtype)
            return tf.reduce_mean(tf.cast(tf.equal(pred, y), tf.float32))
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(replica_acc, args=batch), axis=None)
    accs = [float(step(batch)) for batch in dist_dataset]
    return sum(accs) / len(accs)
