# INTENT: right: same step, written with the batch unpacked explicitly, optimizer.apply and the per-replica losses added with tf.add_n over experimental_local_results.
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = lambda: model.trainable_variables

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        optimizer.apply(tape.gradient(loss, variables()), variables())
        return loss

    def train_step(batch):
        x, y = batch
        losses = strategy.experimental_local_results(strategy.run(replica_step, args=(x, y)))
        return tf.add_n(list(losses))

    return tf.function(train_step)
