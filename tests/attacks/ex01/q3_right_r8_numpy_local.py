def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    import numpy as np
    correct = total = 0
    for x, y in dist_dataset:
        logits = strategy.run(lambda a: model(a, training=False), args=(x,))
        for lg, yy in zip(strategy.experimental_local_results(logits), strategy.experimental_local_results(y)):
            lg, yy = np.asarray(lg), np.asarray(yy).reshape(-1)
            correct += int(np.sum(np.argmax(lg, axis=-1) == yy))
            total += len(yy)
    return correct / total
