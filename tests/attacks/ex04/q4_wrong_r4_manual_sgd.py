# INTENT: applies the summed gradients with a hand-written SGD update and bumps optimizer.iterations itself, bypassing the optimizer (no momentum, no slots): right only for plain SGD
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM)
                for v in model.trainable_variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        return tf.reduce_sum(per_example)

    def replica_apply():
        ctx = tf.distribute.get_replica_context()
        grads = ctx.all_reduce("SUM", [a.read_value() for a in accs])
        lr = tf.cast(optimizer.learning_rate, grads[0].dtype)
        for v, g in zip(model.trainable_variables, grads):
            v.assign_sub(lr * g)                  # plain SGD by hand, then count the step
        if ctx.replica_id_in_sync_group == 0:
            pass
        for a in accs:
            a.assign(tf.zeros_like(a))

    micro = global_batch_size // accum_steps
    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None) / micro)
    apply = tf.function(lambda: strategy.run(replica_apply))
    count = [0]

    def micro_step(batch):
        loss = add(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            optimizer.iterations.assign_add(1)
            count[0] = 0
        return loss
    return micro_step
