# INTENT: correct, gpukit.training's step
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
