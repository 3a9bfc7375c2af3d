# INTENT: like the one-device version but still iterates the DISTRIBUTED dataset: concatenates the replicas' slices in cross-replica context and does one big forward/backward there (no strategy.run)
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    @tf.function
    def step(batch):
        xb = tf.concat(strategy.experimental_local_results(batch[0]), axis=0)
        yb = tf.concat(strategy.experimental_local_results(batch[1]), axis=0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
