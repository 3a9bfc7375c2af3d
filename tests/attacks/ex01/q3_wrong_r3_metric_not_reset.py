# INTENT: a metric object kept across calls and never reset: the second evaluate() mixes in the examples of the first.
_accuracy_metric = keras.metrics.SparseCategoricalAccuracy()

def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    def logits_fn(x, y):
        return model(x, training=False), y

    for batch in dist_dataset:
        logits, labels = strategy.run(logits_fn, args=batch)
        for l, y in zip(strategy.experimental_local_results(logits), strategy.experimental_local_results(labels)):
            _accuracy_metric.update_state(y, l)
    return float(_accuracy_metric.result())
