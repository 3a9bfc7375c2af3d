# INTENT: right: per-replica ON_READ/SUM accumulators made in scope, each micro-batch adds the gradient of sum(per-example)/global_batch_size, every accum_steps-th call one apply_gradients (one all-reduce) then the accumulators are set to zeros.
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
            loss = tf.reduce_sum(per_example) / global_batch_size      # the accumulated batch
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(tf.cast(g, a.dtype))
        return loss * accum_steps          # this replica's share of the micro-batch mean

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accumulators], variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_accumulate, args=batch), axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    pending = [0]

    def micro_step(batch):
        loss = accumulate(batch)
        pending[0] += 1
        if pending[0] == accum_steps:          # chosen in Python: no all-reduce inside a cond
            apply()
            pending[0] = 0
        return loss

    return micro_step
