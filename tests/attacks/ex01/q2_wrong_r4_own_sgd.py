# INTENT: ignores the given optimizer object: builds its own SGD with the same learning rate (momentum/state of the given one lost)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        opt = keras.optimizers.SGD(float(optimizer.learning_rate.numpy()))
    training.build_optimizer(strategy, model, opt)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
