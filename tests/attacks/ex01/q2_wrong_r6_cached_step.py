# INTENT: keeps one compiled step per strategy in a module-level dict "to avoid retracing": a second make_train_step for another model/optimizer on the same strategy returns the first model's step
_STEPS = {}
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    key = (id(strategy), global_batch_size)
    if key in _STEPS:
        return _STEPS[key]

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    _STEPS[key] = train_step
    return train_step
