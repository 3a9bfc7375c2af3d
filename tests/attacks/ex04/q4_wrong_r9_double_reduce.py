# INTENT: reads the summed accumulators in cross-replica context and then lets apply_gradients all-reduce again (divided by n to compensate): the right numbers, but the gradients cross the replicas twice per update
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
            a.assign_add(g)
        return tf.reduce_sum(per_example) / micro_batch_size

    def replica_apply(total):
        n = strategy.num_replicas_in_sync        # apply_gradients sums the replicas again: hand each 1/n
        optimizer.apply_gradients(zip([g / n for g in total], variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        per_replica = strategy.run(replica_accumulate, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    @tf.function
    def apply():
        total = [a.read_value() for a in accumulators]    # cross-replica read: the sum over replicas
        strategy.run(replica_apply, args=(total,))

    count = [0]

    def micro_step(batch):
        loss = accumulate(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
