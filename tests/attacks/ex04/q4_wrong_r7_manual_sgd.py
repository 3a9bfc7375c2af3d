# INTENT: avoids apply_gradients' merge_call: all-reduces the accumulators once per update and does the SGD update by hand (w -= lr * g), bumping iterations: ignores momentum (and any optimizer state).
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in model.trainable_variables]
    micro_size = global_batch_size // accum_steps

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        return tf.reduce_sum(per) / micro_size

    def replica_apply():
        ctx = tf.distribute.get_replica_context()
        grads = ctx.all_reduce(tf.distribute.ReduceOp.SUM, [a.read_value() for a in accs])
        def update(strat, grads):
            for v, g in zip(model.trainable_variables, grads):
                strat.extended.update(v, lambda var, gg: var.assign_sub(tf.cast(optimizer.learning_rate, gg.dtype) * gg), args=(g,))
            optimizer.iterations.assign_add(1)
        ctx.merge_call(update, args=(grads,))
        for a in accs:
            a.assign(tf.zeros_like(a))

    @tf.function
    def add(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_add, args=batch), axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    count = [0]
    def micro_step(batch):
        loss = add(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss
    return micro_step
