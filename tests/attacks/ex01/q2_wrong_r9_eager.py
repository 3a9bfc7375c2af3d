# INTENT: no tf.function at all: the returned step runs strategy.run eagerly (slow, not compiled), which the contract rules out ("compiled with tf.function")
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
