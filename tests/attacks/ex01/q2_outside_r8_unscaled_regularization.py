# INTENT (outside: the prompt says nothing of regularization losses, and its models have none): adds model.losses (regularization) unscaled on every replica before taking gradients: N x the regularization gradient after the strategy sums; not the gradients of compute_loss as they are
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
            total = loss + tf.add_n(model.losses) if model.losses else loss
        grads = tape.gradient(total, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    return train_step
