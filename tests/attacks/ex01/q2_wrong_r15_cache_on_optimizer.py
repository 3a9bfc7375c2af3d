# INTENT: wrong: keeps the compiled step on the optimizer (keyed by model/batch/strategy) and hands it back on a later call: a step traced before a layer was frozen keeps training it ("nothing kept between calls")
def make_train_step(strategy, model, optimizer, global_batch_size):
    cache = optimizer.__dict__.setdefault("_r15_steps", {})
    key = (id(model), int(global_batch_size), id(strategy))
    if key in cache:
        return cache[key]

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = compute_loss(model, x, y, global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        per_replica = strategy.run(replica_step, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)
    cache[key] = train_step
    return train_step
