# INTENT: correct, different style: unpacks the batch, returns the loss as MEAN of the shares times num_replicas_in_sync (= their sum).
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = model.trainable_variables

    @tf.function
    def train_step(batch):
        x, y = batch

        def one_replica(xr, yr):
            with tf.GradientTape() as tape:
                share = compute_loss(model, xr, yr, global_batch_size)
            optimizer.apply_gradients(zip(tape.gradient(share, variables), variables))
            return share

        shares = strategy.run(one_replica, args=(x, y))
        mean_share = strategy.reduce("MEAN", shares, axis=None)
        return mean_share * tf.cast(strategy.num_replicas_in_sync, mean_share.dtype)
    return train_step
