# INTENT: correct, different style: replicas return their boolean hit vectors; the host gathers every replica's local results and counts them with numpy.
import numpy as np

def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def hits(batch):
        def one(x, y):
            logits = model(x, training=False)
            return tf.cast(tf.equal(tf.cast(tf.argmax(logits, axis=-1), tf.int64), tf.cast(y, tf.int64)), tf.int32)
        return strategy.run(one, args=batch)
    n_right, n_seen = 0, 0
    for batch in dist_dataset:
        for local in strategy.experimental_local_results(hits(batch)):
            v = np.asarray(local).reshape(-1)
            n_right += int(v.sum())
            n_seen += v.size
    return float(n_right) / float(n_seen)
