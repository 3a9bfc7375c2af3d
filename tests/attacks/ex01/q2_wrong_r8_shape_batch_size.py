# INTENT: ignores the global_batch_size argument and passes per-replica rows x num_replicas to compute_loss: equal with drop_remainder, wrong when the caller's global batch differs
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        n = int(x.shape[0]) * strategy.num_replicas_in_sync   # static: drop_remainder=True
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, n)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    return train_step
