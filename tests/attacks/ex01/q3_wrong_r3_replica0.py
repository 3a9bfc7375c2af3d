# INTENT: reads only replica 0's correct count and divides by replica 0's examples (per-replica accuracy of one replica).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32)), tf.cast(tf.size(y), tf.float32)

    correct, total = 0.0, 0.0
    for batch in dist_dataset:
        c, t = strategy.run(replica_counts, args=batch)
        correct += float(strategy.experimental_local_results(c)[0])
        total += float(strategy.experimental_local_results(t)[0])
    return correct / total
