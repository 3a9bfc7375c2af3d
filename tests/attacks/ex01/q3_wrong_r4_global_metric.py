# INTENT: keeps a keras metric between calls (state never reset): second call mixes in the first call's counts
_ACC = []
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    if not _ACC:
        _ACC.append(keras.metrics.SparseCategoricalAccuracy())
    metric = _ACC[0]
    for x, y in dist_dataset:
        for xr, yr in zip(strategy.experimental_local_results(x), strategy.experimental_local_results(y)):
            metric.update_state(yr, model(xr, training=False))
    return float(metric.result())
