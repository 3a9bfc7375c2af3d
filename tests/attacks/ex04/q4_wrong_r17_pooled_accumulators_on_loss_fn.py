# INTENT: wrong: accumulators pooled per model on the set-up's loss_fn object (zeroed when a new micro_step is made): state kept between make_accumulating_step calls, and two live micro_steps of one model add into the same sums
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = list(model.trainable_variables)
    pool = loss_fn.__dict__.setdefault("_r17_accumulators", {})
    key = tuple(id(v) for v in variables)
    if key not in pool:
        with strategy.scope():
            pool[key] = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                     synchronization=tf.VariableSynchronization.ON_READ,
                                     aggregation=tf.VariableAggregation.SUM) for v in variables]
    accs = pool[key]
    strategy.run(lambda: [a.assign(tf.zeros_like(a)) for a in accs])
    micro_size = global_batch_size // accum_steps

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, variables)):
            a.assign_add(g)
        return tf.reduce_sum(per) / micro_size

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    add_fn = tf.function(lambda x, y: strategy.run(replica_add, args=(x, y)))
    apply_fn = tf.function(lambda: strategy.run(replica_apply))
    state = {"count": 0}

    def micro_step(batch):
        x, y = batch
        loss = strategy.reduce(tf.distribute.ReduceOp.SUM, add_fn(x, y), axis=None)
        state["count"] += 1
        if state["count"] == accum_steps:
            apply_fn()
            state["count"] = 0
        return loss
    return micro_step
