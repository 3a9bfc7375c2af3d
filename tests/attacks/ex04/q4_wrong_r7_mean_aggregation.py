# INTENT: ON_READ accumulators with aggregation MEAN and the loss divided by the per-replica share of G (G/R): each replica's local sum is R x too big, and apply_gradients sums them.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    R = strategy.num_replicas_in_sync
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.MEAN) for v in model.trainable_variables]
    micro_size = global_batch_size // accum_steps
    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / (global_batch_size / R)
        for a, g in zip(accs, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        return tf.reduce_sum(per) / micro_size
    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], model.trainable_variables))
        for a in accs:
            a.assign(tf.zeros_like(a))
    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None))
    apply = tf.function(lambda: strategy.run(replica_apply))
    count = [0]
    def micro_step(batch):
        loss = add(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply(); count[0] = 0
        return loss
    return micro_step
