# INTENT: returns a plain Python wrapper (converting the loss to float) around an inner tf.function; the step returned is not a tf.function as the contract says
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def inner(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    def train_step(batch):
        return float(inner(batch))
    return train_step
