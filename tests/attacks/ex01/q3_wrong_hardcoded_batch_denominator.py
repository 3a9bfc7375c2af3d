# INTENT: sums correct counts over replicas correctly but divides by (number of batches * GLOBAL_BATCH_SIZE), the notebook constant, instead of counting the examples actually seen.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def step(batch):
        def replica_correct(x, y):
            pred = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
            return tf.reduce_sum(tf.cast(tf.equal(pred, y), tf.float32))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_correct, args=batch), axis=None)
    correct, batches = 0.0, 0
    for batch in dist_dataset:
        correct += float(step(batch))
        batches += 1
    return correct / (batches * GLOBAL_BATCH_SIZE)
