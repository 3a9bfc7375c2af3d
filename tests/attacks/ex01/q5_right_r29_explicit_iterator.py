# INTENT: right: same fix written with an explicit iterator (stops at the last full batch), the divisor the global batch size as a float32 constant.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    divisor = tf.constant(float(global_batch_size), tf.float32)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, model(x_batch, training=True))
            loss = tf.reduce_sum(per_example) / divisor
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    iterator = iter(dist)
    for _ in range(int(steps)):
        batch = next(iterator, None)
        if batch is None:
            break
        step(batch)
    return model
