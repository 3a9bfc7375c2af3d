def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = model.trainable_variables

    @tf.function
    def train_step(batch):
        x, y = batch

        def on_replica(xr, yr):
            with tf.GradientTape() as tape:
                loss = compute_loss(model, xr, yr, global_batch_size)
            optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
            return loss

        losses = strategy.run(on_replica, args=(x, y))
        return tf.add_n([tf.identity(v) for v in strategy.experimental_local_results(losses)])

    return train_step
