# INTENT: wrong: caches the compiled step on a function attribute keyed by (id(model), id(optimizer)) "to avoid retracing": keeps every model/optimizer alive (never garbage collected) and, once an id is reused, hands back a step bound to an older model (nothing may be kept between calls).
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    cache = make_train_step.__dict__.setdefault("_steps", {})
    key = (id(model), id(optimizer), global_batch_size)
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
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=batch), axis=None)

    cache[key] = train_step
    return train_step


def compute_loss(model, x, y, global_batch_size):
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / global_batch_size
