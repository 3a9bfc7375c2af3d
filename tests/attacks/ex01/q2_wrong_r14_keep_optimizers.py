# INTENT: wrong: state kept between calls: every optimizer given is remembered in a module-level list (never released)
_SEEN_OPTIMIZERS = []
def make_train_step(strategy, model, optimizer, global_batch_size):
    if not any(o is optimizer for o in _SEEN_OPTIMIZERS):
        _SEEN_OPTIMIZERS.append(optimizer)
    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)
    return train_step
