# INTENT: accumulators kept on the optimizer and the micro-step counter on the model, reused by a later make_accumulating_step: a second step after an unfinished accumulation updates early with stale gradients in the sum
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    accumulators = getattr(optimizer, "_my_accumulators", None)
    if accumulators is None:                       # the optimizer keeps them, like its slots
        with strategy.scope():
            accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                        synchronization=tf.VariableSynchronization.ON_READ,
                                        aggregation=tf.VariableAggregation.SUM) for v in variables]
        optimizer._my_accumulators = accumulators
    micro_batch_size = global_batch_size // accum_steps

    def replica_accumulate(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(g)
        return tf.reduce_sum(per_example) / micro_batch_size

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

    count = getattr(model, "_my_count", None) or [0]
    model._my_count = count                        # resume where the last step left off

    def micro_step(batch):
        loss = accumulate(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
