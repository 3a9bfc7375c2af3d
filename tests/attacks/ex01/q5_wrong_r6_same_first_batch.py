# INTENT: takes next(iter(dist)) inside the loop: a new iterator each step, so every step trains on the FIRST global batch again
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    for _ in range(steps):
        step(next(iter(dist)))
    return model
