# INTENT: right, from scratch: ON_READ SUM accumulators in scope, loss sum / G, apply in replica context every k calls.
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
        optimizer.apply_gradients(zip([a.read_value() for a in accs], model.trainable_variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    @tf.function
    def add(batch):
        per_replica = strategy.run(replica_add, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

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
