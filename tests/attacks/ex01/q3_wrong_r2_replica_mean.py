# INTENT: wrong - each replica's own accuracy, averaged with ReduceOp.MEAN over replicas and batches (depends on the split when replicas see unequal counts) (public check: caught)
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(x, y):
        def replica(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=tf.int32)
            return tf.reduce_mean(tf.cast(tf.equal(pred, tf.cast(y, tf.int32)), tf.float32))
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(replica, args=(x, y)), axis=None)
    accs = [float(step(x, y)) for x, y in dist_dataset]
    return sum(accs) / len(accs)
