# INTENT: returns numpy float32 (not a Python float) from a numpy division.
import numpy as np

def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def replica_counts(x, y):
        predicted = tf.argmax(model(x, training=False), axis=-1, output_type=y.dtype)
        return tf.reduce_sum(tf.cast(predicted == y, tf.float32)), tf.cast(tf.size(y), tf.float32)

    correct, total = np.float32(0), np.float32(0)
    for batch in dist_dataset:
        c, t = strategy.run(replica_counts, args=batch)
        correct += strategy.reduce("SUM", c, axis=None).numpy()
        total += strategy.reduce("SUM", t, axis=None).numpy()
    return correct / total
