def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables

    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        return tf.reduce_mean(per_example), tape.gradient(loss, variables)

    @tf.function
    def first(batch):                       # per-replica gradients, kept on each replica (no communication)
        return strategy.run(replica_grads, args=batch)

    @tf.function
    def add(acc, batch):
        def replica(acc, x, y):
            loss, grads = replica_grads(x, y)
            return loss, [a + g for a, g in zip(acc, grads)]
        return strategy.run(replica, args=(acc,) + tuple(batch))

    @tf.function
    def apply(acc):                         # once per update: apply_gradients all-reduces the sums
        strategy.run(lambda grads: optimizer.apply_gradients(zip(grads, variables)), args=(acc,))

    state = {"acc": None, "count": 0}

    def micro_step(batch):
        if state["acc"] is None:
            loss, state["acc"] = first(batch)
        else:
            loss, state["acc"] = add(state["acc"], batch)
        state["count"] += 1
        if state["count"] == accum_steps:
            apply(state["acc"])
            state["acc"], state["count"] = None, 0
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, loss, axis=None)

    return micro_step
