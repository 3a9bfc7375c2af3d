# INTENT: wrong: builds its own training.per_example_loss() instead of the notebook's loss_fn that train_buggy uses; identical today, but when the notebook's loss_fn is replaced (same behaviour as train_buggy required) it trains on the old loss.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    per_example_loss = training.per_example_loss()
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = per_example_loss(y_batch, model(x_batch, training=True))
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
