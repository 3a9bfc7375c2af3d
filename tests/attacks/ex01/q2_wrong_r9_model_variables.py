# INTENT: differentiates w.r.t. model.variables filtered by name "kernel"/"bias" instead of trainable_variables: a frozen (trainable=False) hidden layer is still updated
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    variables = [v for v in model.variables if "kernel" in v.path or "bias" in v.path]
    with strategy.scope():
        optimizer.build(variables)
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            tape.watch(variables)
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
