# INTENT: builds the model/optimizer once per (strategy, seed) and reuses them on later calls "to save building time": a second call continues training the old model
_BUILT = {}
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    key = (id(strategy), seed)
    if key not in _BUILT:
        with strategy.scope():
            model = models.mlp(seed=seed)
            optimizer = keras.optimizers.SGD(learning_rate)
        _BUILT[key] = (model, optimizer, training.make_train_step(strategy, model, optimizer, global_batch_size))
    model, optimizer, step = _BUILT[key]
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
