# INTENT: right: same algorithm written with the batch unpacked, the variables read at each call and the loss reduced with the string "SUM".
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    @tf.function
    def train_step(batch):
        x, y = batch

        def on_replica(xs, ys):
            variables = model.trainable_variables
            with tf.GradientTape() as tape:
                loss = compute_loss(model, xs, ys, global_batch_size)
            optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
            return loss

        return strategy.reduce("SUM", strategy.run(on_replica, args=(x, y)), axis=None)

    return train_step
