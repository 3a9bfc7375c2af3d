# INTENT: right: eager, per replica: the model's logits on each local slice (training=False), numpy argmax (first on a tie) compared with y, counted as Python ints over every replica and batch.
import numpy as np

def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    right = 0
    total = 0
    for x, y in dist_dataset:
        xs = strategy.experimental_local_results(x)
        ys = strategy.experimental_local_results(y)
        for xr, yr in zip(xs, ys):
            labels = np.asarray(yr).reshape(-1)
            if labels.size == 0:
                continue
            logits = np.asarray(model(xr, training=False))
            right += int(np.count_nonzero(np.argmax(logits, axis=-1) == labels))
            total += int(labels.size)
    return float(right) / total if total else 0.0
