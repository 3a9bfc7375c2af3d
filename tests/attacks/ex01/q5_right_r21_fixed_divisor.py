# INTENT: right: train_buggy with the per-replica divisor replaced by the global batch size (sum / global_batch_size); same model, SGD, data.distribute (partial batch dropped), strategy.run per step, at most `steps` full batches, a new model each call.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, model(x_batch, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(global_batch_size, per_example.dtype)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
