# INTENT: wrong: fixes the divisor but feeds loss_fn the logits cast to float64 "for a stable sum" (not the model's logits as train_buggy gives them), so a loss that overflows float32 (a loss_fn lowered by 3.4e38) is computed differently from train_buggy's behaviour.
def train_mirrored(strategy, x, y, global_batch_size, steps, seed, learning_rate):
    """train_buggy without its bug."""
    with strategy.scope():
        model = models.mlp(seed=seed)
        optimizer = keras.optimizers.SGD(learning_rate)
    training.build_optimizer(strategy, model, optimizer)
    dist, _ = data.distribute(strategy, x, y, global_batch_size=global_batch_size)

    def replica_step(x_batch, y_batch):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y_batch, tf.cast(model(x_batch, training=True), tf.float64))
            loss = tf.cast(tf.reduce_sum(per_example) / global_batch_size, tf.float32)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    for _, batch in zip(range(steps), dist):
        step(batch)
    return model
