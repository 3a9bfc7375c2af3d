# INTENT: right (other style): each replica returns its logits (inference mode); the host gathers every replica's local results and counts with np.argmax (first max on ties) into Python ints.
import numpy as np


def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    @tf.function
    def logits_of(x):
        return strategy.run(lambda xs: model(xs, training=False), args=(x,))

    right = seen = 0
    for x, y in dist_dataset:
        logits = strategy.experimental_local_results(logits_of(x))
        labels = strategy.experimental_local_results(y)
        for lg, lb in zip(logits, labels):
            lb = np.asarray(lb).reshape(-1)
            right += int(np.count_nonzero(np.argmax(np.asarray(lg), axis=-1) == lb))
            seen += int(lb.size)
    return right / seen if seen else 0.0
