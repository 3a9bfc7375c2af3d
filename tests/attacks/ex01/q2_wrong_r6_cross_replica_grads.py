# INTENT: computes the loss on every replica but takes the gradient of the summed loss in cross-replica context and applies it there (no per-replica gradients/all-reduce: the backward pass is not done by the replicas)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    @tf.function
    def train_step(batch):
        x, y = batch
        with tf.GradientTape() as tape:
            per_replica = strategy.run(lambda a, b: compute_loss(model, a, b, global_batch_size), args=(x, y))
            loss = strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return train_step
