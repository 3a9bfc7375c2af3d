# INTENT: wrong: on a partial last batch it divides by the examples actually present (min(global_batch_size, rows)) "to keep the loss a mean"; the contract says compute_loss gets the given global_batch_size on every batch, a last partial one too.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y, divisor):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, divisor)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        x, y = batch
        rows = strategy.reduce(tf.distribute.ReduceOp.SUM,
                               strategy.run(lambda t: tf.shape(t)[0], args=(y,)), axis=None)
        divisor = tf.minimum(tf.constant(global_batch_size, tf.int32), rows)
        per_replica = strategy.run(replica_step, args=(x, y, divisor))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    return train_step


def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / tf.cast(global_batch_size, per_example.dtype)
