def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = model.trainable_variables

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    def train_step(batch):
        x, y = batch
        per_replica = strategy.run(replica_step, args=(x, y))
        return tf.add_n([tf.identity(v) for v in strategy.experimental_local_results(per_replica)])

    return tf.function(train_step)
