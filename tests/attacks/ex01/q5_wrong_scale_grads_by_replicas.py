# INTENT (re-filed wrong in round 8: a `next(iterator)` per step raises once the full batches run out, where train_buggy stops; the attacker: correct, different fix: keeps the per-replica mean but divides the gradients by strategy.num_replicas_in_sync before apply_gradients (equal replica slices with drop_remainder).)
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)
    n = float(strategy.num_replicas_in_sync)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y_batch, model(x_batch, training=True)))
        grads = [g / n for g in tape.gradient(loss, model.trainable_variables)]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss / n

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    it = iter(dist)
    for _ in range(steps):
        step(next(it))
    return model
