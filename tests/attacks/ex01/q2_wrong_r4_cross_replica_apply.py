# INTENT: reduces gradients itself and applies once in cross-replica context (explicit all-reduce the prompt does not use)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        return loss, tape.gradient(loss, model.trainable_variables)

    @tf.function
    def train_step(batch):
        loss, grads = strategy.run(replica_grads, args=batch)
        grads = [strategy.reduce("SUM", g, axis=None) for g in grads]
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(optimizer.learning_rate * g)
        optimizer.iterations.assign_add(1)
        return strategy.reduce("SUM", loss, axis=None)
    return train_step
