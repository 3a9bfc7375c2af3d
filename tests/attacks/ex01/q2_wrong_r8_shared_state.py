# INTENT: keeps the model/optimizer in a module-level dict that every returned step reads: the step made by an earlier call trains the model of the latest call (state kept between calls)
_current = {}
def make_train_step(strategy, model, optimizer, global_batch_size):
    """A tf.function that trains one distributed batch and returns the global-batch loss."""
    _current.update(strategy=strategy, model=model, optimizer=optimizer, gbs=global_batch_size)

    def replica_step(x, y):
        m, opt = _current["model"], _current["optimizer"]
        with tf.GradientTape() as tape:
            loss = compute_loss(m, x, y, _current["gbs"])
        grads = tape.gradient(loss, m.trainable_variables)
        opt.apply_gradients(zip(grads, m.trainable_variables))
        return loss

    @tf.function
    def train_step(batch):
        s = _current["strategy"]
        return s.reduce(tf.distribute.ReduceOp.SUM, s.run(replica_step, args=batch), axis=None)

    return train_step
