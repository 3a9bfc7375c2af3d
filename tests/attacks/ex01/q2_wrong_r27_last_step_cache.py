# INTENT: wrong: keeps the last step built (and through it the last model and optimizer) in a module-level one-entry cache reused when the same model and optimizer come again, breaking "nothing kept between calls": a dropped model stays alive until the next call.
_LAST_STEP = {}

def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    key = (id(strategy), id(model), id(optimizer), int(global_batch_size))
    if key in _LAST_STEP:
        return _LAST_STEP[key]

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    _LAST_STEP.clear()                 # only the last one: "no leak"
    _LAST_STEP[key] = train_step
    return train_step
