# INTENT: wrong: keeps the per-replica mean and "fixes" it by dividing the learning rate by num_replicas; the weights come out the same up to rounding, but the contract asks for plain SGD with `learning_rate` (another learning rate), and the model's optimizer differs.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate / strategy.num_replicas_in_sync)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, model(x_batch, training=True))
            loss = tf.reduce_mean(per_example)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
