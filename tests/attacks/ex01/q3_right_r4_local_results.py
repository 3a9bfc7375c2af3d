# INTENT: correct, eager local results with numpy
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    import numpy as np
    correct = total = 0
    for x, y in dist_dataset:
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            pred = np.argmax(model(xr, training=False).numpy(), axis=-1)
            correct += int((pred == yr.numpy()).sum()); total += len(pred)
    return correct / total
