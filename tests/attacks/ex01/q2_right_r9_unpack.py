def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = model.trainable_variables
    @tf.function
    def train_step(batch):
        x, y = batch
        def one(xb, yb):
            with tf.GradientTape() as tape:
                loss = compute_loss(model, xb, yb, global_batch_size)
            optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
            return loss
        losses = strategy.run(one, args=(x, y))
        return strategy.reduce("SUM", losses, axis=None)
    return train_step
