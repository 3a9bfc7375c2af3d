# INTENT: re-filed wrong in round 8: a `next(iterator)` per step raises once the full batches run out, where train_buggy stops (filed right before: gpukit's own step, steps next(iterator) calls)
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    iterator = iter(dist)
    for _ in range(steps):
        step(next(iterator))
    return model
