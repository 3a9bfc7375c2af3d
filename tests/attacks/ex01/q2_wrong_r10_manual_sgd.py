# INTENT: sums the gradients itself and updates the variables by hand with optimizer.learning_rate (plain SGD); ignores the optimizer's own rule (momentum, Adam) and its iteration count.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        return loss, tape.gradient(loss, model.trainable_variables)

    @tf.function
    def train_step(batch):
        loss, grads = strategy.run(replica_grads, args=batch)
        grads = [strategy.reduce(tf.distribute.ReduceOp.SUM, g, axis=None) for g in grads]
        lr = tf.cast(optimizer.learning_rate, tf.float32)
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(lr * g)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, loss, axis=None)

    return train_step
