# INTENT: wrong: gradients that are not finite are replaced by zeros (a "skip bad step" guard as in loss-scaling optimizers); with a NaN input the reference weights go NaN while these stay finite: the contract forbids any guard.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        grads = [tf.where(tf.math.is_finite(g), g, tf.zeros_like(g)) for g in grads]
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    return train_step


def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / global_batch_size
