# INTENT: sums the replicas' gradients on the host on EVERY micro-batch (experimental_local_results + add_n: a cross-replica copy per micro-batch, not via an all-reduce) and applies the sum once in cross-replica context -- the gradients cross the replicas k times per update, which the contract forbids
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
        total = tf.add_n(strategy.experimental_local_results(losses)) / micro
        summed = [tf.add_n([tf.identity(t) for t in strategy.experimental_local_results(g)]) for g in grads]
        return total, summed

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
