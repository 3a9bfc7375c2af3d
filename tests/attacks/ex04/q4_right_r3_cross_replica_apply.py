def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    with strategy.scope():
        sums = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            mean_loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
            share = mean_loss * tf.cast(tf.shape(x)[0], tf.float32) / global_batch_size
        for s, g in zip(sums, tape.gradient(share, variables)):
            s.assign_add(g)
        return share

    @tf.function
    def add(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_add, args=batch), axis=None)

    @tf.function
    def apply():
        total = [s.read_value() for s in sums]           # cross-replica read of ON_READ/SUM: one all-reduce
        optimizer.apply_gradients(zip(total, variables))
        for s in sums:
            s.assign(tf.zeros_like(s))

    calls = {"n": 0}

    def micro_step(batch):
        loss = add(batch) * accum_steps
        calls["n"] += 1
        if calls["n"] % accum_steps == 0:
            apply()
        return loss

    return micro_step
