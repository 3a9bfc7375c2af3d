# INTENT: wrong: keeps the step between calls, keyed by id(model): a later call with the same model but another optimizer/batch size gets the old step
_steps_by_model = {}
def make_train_step(strategy, model, optimizer, global_batch_size):
    key = id(model)
    if key in _steps_by_model:
        return _steps_by_model[key]

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)
    _steps_by_model[key] = train_step
    return train_step
