# INTENT: builds a fresh optimizer of the same class with a hard-coded learning rate 0.1 instead of using the optimizer passed in.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        opt = type(optimizer)(learning_rate=0.1)
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
