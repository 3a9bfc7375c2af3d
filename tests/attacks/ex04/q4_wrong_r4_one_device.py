# INTENT: gathers each distributed micro-batch onto one device and computes the whole micro-batch's gradient there (no strategy.run): right numbers, but no data parallelism -- the replicas do nothing and one device holds the whole micro-batch
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    state = {"count": 0, "sum": None}

    @tf.function
    def grads_of(batch):
        x, y = batch
        x = tf.concat(strategy.experimental_local_results(x), 0)
        y = tf.concat(strategy.experimental_local_results(y), 0)
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        return tf.reduce_mean(per_example), tape.gradient(loss, model.trainable_variables)

    def replica_apply(grads):
        n = tf.cast(strategy.num_replicas_in_sync, grads[0].dtype)
        optimizer.apply_gradients(zip([g / n for g in grads], model.trainable_variables))

    apply = tf.function(lambda grads: strategy.run(replica_apply, args=(grads,)))

    def micro_step(batch):
        loss, grads = grads_of(batch)
        state["sum"] = grads if state["sum"] is None else [a + b for a, b in zip(state["sum"], grads)]
        state["count"] += 1
        if state["count"] == accum_steps:
            apply(state["sum"])
            state["count"], state["sum"] = 0, None
        return loss
    return micro_step
