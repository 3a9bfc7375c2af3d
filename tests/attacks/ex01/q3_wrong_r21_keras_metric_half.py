# INTENT: wrong: a keras SparseCategoricalAccuracy metric created with dtype="float16" (to match a mixed-precision model) accumulates its count in float16, which stops counting by 1 past 2048 examples (counts must be exact up to 2**24; float16 is named as not allowed).
def evaluate(strategy, model, dist_dataset):
    """Accuracy (a float in [0, 1]) over every example of dist_dataset."""
    with strategy.scope():
        metric = keras.metrics.SparseCategoricalAccuracy(dtype="float16")

    def replica_update(x, y):
        metric.update_state(y, model(x, training=False))

    @tf.function
    def update(batch):
        strategy.run(replica_update, args=tuple(batch))

    for batch in dist_dataset:
        update(batch)
    return float(metric.result())
