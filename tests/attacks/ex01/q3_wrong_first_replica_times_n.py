# INTENT: reads replica 0's correct count and multiplies it by num_replicas as if every replica scored the same, instead of summing all replicas' counts.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(batch):
        def replica_counts(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
            return tf.reduce_sum(tf.cast(tf.equal(pred, y), tf.float32)), tf.cast(tf.shape(y)[0], tf.float32)
        return strategy.run(replica_counts, args=batch)
    correct = total = 0.0
    n = strategy.num_replicas_in_sync
    for batch in dist_dataset:
        c, t = step(batch)
        correct += n * float(strategy.experimental_local_results(c)[0])
        total += n * float(strategy.experimental_local_results(t)[0])
    return correct / total
