# INTENT: copies the lesson's loss inline instead of calling compute_loss (the prompt says the step calls your compute_loss); equal numbers only while compute_loss and loss_fn are the lesson's.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    per_example_loss = training.per_example_loss()

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            per_example = per_example_loss(y, model(x, training=True))
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    return train_step
