# INTENT: does not use compute_loss's gradients as they are: per-replica mean loss, gradients divided by num_replicas (right only for even splits)
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    n = strategy.num_replicas_in_sync

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        grads = [g / n for g in tape.gradient(loss, model.trainable_variables)]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss / n

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
