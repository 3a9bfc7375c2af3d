# INTENT: one module-level keras Accuracy metric reused across calls, never reset: the second call's result mixes in the first call's counts
_metric = []
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    import numpy as np
    if not _metric:
        _metric.append([0.0, 0.0])
    counts = _metric[0]

    def replica(x, y):
        return training.correct_count(model(x, training=False), y), tf.cast(tf.shape(y)[0], tf.float32)

    @tf.function
    def step(batch):
        return training.sum_over_replicas(strategy, *strategy.run(replica, args=batch))

    for batch in dist_dataset:
        c, n = step(batch)
        counts[0] += float(c)
        counts[1] += float(n)
    return counts[0] / counts[1]
