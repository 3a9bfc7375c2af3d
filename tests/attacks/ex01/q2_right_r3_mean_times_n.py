def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    n = strategy.num_replicas_in_sync

    @tf.function
    def train_step(batch):
        x, y = batch

        def step_fn(xb, yb):
            with tf.GradientTape() as tape:
                loss = compute_loss(model, xb, yb, global_batch_size)
            variables = model.trainable_variables
            optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
            return loss

        losses = strategy.run(step_fn, args=(x, y))
        return strategy.reduce("MEAN", losses, axis=None) * n

    return train_step
