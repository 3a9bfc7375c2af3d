# INTENT: does the SGD update by hand in cross-replica context with optimizer.learning_rate instead of applying the gradients with the optimizer: right only for plain SGD, ignores momentum/Adam state and optimizer.iterations
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        return loss, tape.gradient(loss, model.trainable_variables)

    @tf.function
    def train_step(batch):
        loss, grads = strategy.run(replica_grads, args=batch)
        lr = tf.cast(optimizer.learning_rate, tf.float32)
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(lr * strategy.reduce(tf.distribute.ReduceOp.SUM, g, axis=None))
        optimizer.iterations.assign_add(1)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, loss, axis=None)

    return train_step
