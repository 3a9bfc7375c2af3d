# INTENT: gap: rescales the gradients when their global norm is finite and above 1e15 (no clipping or guard). q2's catch (gradients other than tape.gradient's tensors) also fails round 4's q5_outside_r4_grads_over_n (the per-replica mean's gradients divided by N, ruled outside); telling a guard's factor 1.0 from 1/N needs the values inside the traced step
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size )

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, model(x_batch, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        grads = tape.gradient(loss, model.trainable_variables)
        sq = tf.add_n([tf.reduce_sum(tf.square(g)) for g in grads])
        scale = tf.where(tf.logical_and(tf.math.is_finite(sq), sq > 1e30), 1e15 / tf.sqrt(sq), 1.0)
        grads = [g * scale for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model

