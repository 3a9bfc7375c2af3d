# INTENT: wrong: re-builds the (already built) optimizer on every make_accumulating_step: its slots (momentum) may be reset or re-created by a new micro_step
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    micro = global_batch_size // accum_steps
    with strategy.scope():
        optimizer.built = False
        optimizer.build(model.trainable_variables)
    variables = model.trainable_variables
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in variables]

    def replica_accumulate(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, variables)):
            a.assign_add(g)
        return tf.reduce_sum(per) / micro

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_accumulate, args=batch), axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    calls = [0]

    def micro_step(batch):
        loss = accumulate(batch)
        calls[0] += 1
        if calls[0] == accum_steps:
            apply()
            calls[0] = 0
        return loss

    return micro_step
