# INTENT: wrong: a step cached per model (weak values, so nothing is leaked): a second call for the same model with ANOTHER optimizer gets the first optimizer's step while that step is alive
import weakref
_STEPS = weakref.WeakValueDictionary()
def make_train_step(strategy, model, optimizer, global_batch_size):
    key = (id(model), global_batch_size)
    cached = _STEPS.get(key)
    if cached is not None:
        return cached
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
