# INTENT: correct, unpacks batch and passes args tuple explicitly
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
        x, y = batch
        losses = strategy.experimental_local_results(strategy.run(replica_step, args=(x, y)))
        return tf.add_n(list(losses))
    return train_step
