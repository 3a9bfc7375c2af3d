# INTENT: runs only the forward/backward with strategy.run, sums the gradients with strategy.reduce and applies them in cross-replica context; the update step is not run on every replica with strategy.run as the prompt requires
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_grads(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, model(x_batch, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        return tape.gradient(loss, model.trainable_variables)

    @tf.function
    def step(batch):
        grads = strategy.run(replica_grads, args=batch)
        grads = [strategy.reduce(tf.distribute.ReduceOp.SUM, g, axis=None) for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
