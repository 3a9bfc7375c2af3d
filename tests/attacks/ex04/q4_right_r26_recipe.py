# INTENT: RIGHT - lesson 04's recipe: per-replica ON_READ/SUM accumulators made in scope per call, two tf.functions chosen by a Python counter in a closure, loss sum/global_batch_size, one apply_gradients (one all-reduce) per update, accumulators assigned zeros after it.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM) for v in variables]
    micro_batch_size = global_batch_size // accum_steps

    def replica_accumulate(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(tf.cast(g, a.dtype))
        return tf.reduce_sum(per_example) / micro_batch_size   # this replica's share of the micro-batch mean

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accumulators], variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        per_replica = strategy.run(replica_accumulate, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    state = {"pending": 0}

    def micro_step(batch):
        loss = accumulate(batch)
        state["pending"] += 1
        if state["pending"] == accum_steps:
            apply()
            state["pending"] = 0
        return loss

    return micro_step
