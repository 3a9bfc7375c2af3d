# INTENT: (attacker: right; ruled WRONG, round 9) next(iterator) once per step: StopIteration when x, y hold fewer full batches than steps; the prompt says fewer updates than steps then
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    step = training.make_train_step(strategy, model, optimizer, global_batch_size, loss_fn=loss_fn)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    it = iter(dist)
    for _ in range(steps):
        step(next(it))
    return model
