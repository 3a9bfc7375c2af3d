# INTENT: keeps the per-replica mean and applies the gradients scaled by learning_rate / N through a second "manual SGD" (assign_sub): not the optimizer's SGD.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    n = strategy.num_replicas_in_sync
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y_batch, model(x_batch, training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        ctx = tf.distribute.get_replica_context()
        grads = ctx.all_reduce(tf.distribute.ReduceOp.MEAN, grads)
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(learning_rate * g)
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
