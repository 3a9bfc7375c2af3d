# INTENT: wrong: caches the distributed dataset in a mutable default argument keyed by (id(strategy), id(x), global_batch_size) and reuses it later (breaks "nothing kept between calls": a new x at a recycled id trains on stale data).
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate, _datasets={}):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    key = (id(strategy), id(x), id(y), global_batch_size)
    if key not in _datasets:
        _datasets[key] = data.distribute(strategy, x, y, global_batch_size=global_batch_size)[0]
    dist = _datasets[key]

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y_batch, model(x_batch, training=True))) / global_batch_size
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
