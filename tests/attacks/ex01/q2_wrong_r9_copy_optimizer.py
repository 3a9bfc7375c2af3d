# INTENT: builds a fresh optimizer from the given one's config in scope (to be sure it is built); updates look equal for SGD but the given optimizer is never used (iterations stay 0)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    with strategy.scope():
        opt = optimizer.__class__.from_config(optimizer.get_config())
        opt.build(model.trainable_variables)
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
