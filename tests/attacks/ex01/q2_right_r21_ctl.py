# INTENT: right: per-replica tape on compute_loss(..., global_batch_size), gradients applied as they are with the given optimizer, tf.function step returning the SUM-reduced (global-batch) loss; nothing kept between calls.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        variables = model.trainable_variables
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss

    @tf.function
    def train_step(batch):
        x, y = batch
        per_replica = strategy.run(replica_step, args=(x, y))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    return train_step


def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / tf.cast(global_batch_size, per_example.dtype)
