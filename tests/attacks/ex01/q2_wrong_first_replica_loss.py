# INTENT: updates are right but returns only replica 0's loss share scaled by num_replicas (experimental_local_results[0] * N) instead of reducing all replicas' losses: close to, but not, the global batch loss.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        first = strategy.experimental_local_results(per_replica)[0]
        return first * strategy.num_replicas_in_sync
    return train_step
