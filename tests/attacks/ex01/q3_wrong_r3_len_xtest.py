# INTENT: divides by len(x_test) (the notebook's test set) instead of the examples in dist_dataset.
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_correct(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32))

    correct = 0.0
    for batch in dist_dataset:
        correct += float(strategy.reduce("SUM", strategy.run(replica_correct, args=batch), axis=None))
    return correct / len(x_test)
