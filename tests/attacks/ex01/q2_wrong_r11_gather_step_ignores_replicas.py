# INTENT: variation: concatenates the replicas' local slices in cross-replica context and trains once on one device (no strategy.run); the replicas never compute
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    @tf.function
    def train_step(batch):
        x, y = batch
        x = tf.concat(strategy.experimental_local_results(x), axis=0)
        y = tf.concat(strategy.experimental_local_results(y), axis=0)
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss
    return train_step
