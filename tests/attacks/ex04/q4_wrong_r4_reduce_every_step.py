# INTENT: all-reduces (strategy.reduce SUM) each micro-batch's gradients and accumulates the reduced sums on the host, applying once: k all-reduces per update instead of one
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    micro = global_batch_size // accum_steps

    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        return tf.reduce_sum(per_example), tape.gradient(loss, model.trainable_variables)

    @tf.function
    def step(batch):
        losses, grads = strategy.run(replica_grads, args=batch)
        return (strategy.reduce("SUM", losses, axis=None) / micro,
                [strategy.reduce("SUM", g, axis=None) for g in grads])

    def replica_apply(grads):
        n = tf.cast(strategy.num_replicas_in_sync, grads[0].dtype)
        optimizer.apply_gradients(zip([g / n for g in grads], model.trainable_variables))

    apply = tf.function(lambda grads: strategy.run(replica_apply, args=(grads,)))
    state = {"count": 0, "sum": None}

    def micro_step(batch):
        loss, grads = step(batch)
        state["sum"] = grads if state["sum"] is None else [a + b for a, b in zip(state["sum"], grads)]
        state["count"] += 1
        if state["count"] == accum_steps:
            apply(state["sum"])
            state["count"], state["sum"] = 0, None
        return loss
    return micro_step
