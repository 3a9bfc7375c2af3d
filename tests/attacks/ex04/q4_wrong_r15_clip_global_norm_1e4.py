# INTENT: wrong: the summed gradient is clipped to global norm 1e4 before the update ("safety" clip that rarely fires; prompt: applied as they are, no clipping)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    variables = model.trainable_variables
    with strategy.scope():
        sums = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in variables]
    micro_size = global_batch_size // accum_steps

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for s, g in zip(sums, tape.gradient(loss, model.trainable_variables)):
            s.assign_add(g)
        return tf.reduce_sum(per) / micro_size

    def replica_apply():
        clipped, _ = tf.clip_by_global_norm([s.read_value() for s in sums], 1e4)
        optimizer.apply_gradients(zip(clipped, model.trainable_variables))
        for s in sums:
            s.assign(tf.zeros_like(s))

    @tf.function
    def add(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_add, args=batch), axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    state = {"pending": 0}

    def micro_step(batch):
        loss = add(batch)
        state["pending"] += 1
        if state["pending"] == accum_steps:
            apply()
            state["pending"] = 0
        return loss

    return micro_step
