# INTENT: right: builds the batched dataset itself (drop_remainder=True, as data.distribute does), an explicit iterator loop stopping at `steps` or at the end of the data, and the loss divided by the given global batch as a float32 constant.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate=learning_rate)
        optimizer.build(model.trainable_variables)
    batches = tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size, drop_remainder=True)
    dist = strategy.experimental_distribute_dataset(batches)
    divisor = tf.constant(float(global_batch_size), tf.float32)

    def replica_step(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / divisor
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    iterator = iter(dist)
    for _ in range(steps):
        batch = next(iterator, None)
        if batch is None:
            break
        step(batch)
    return model
