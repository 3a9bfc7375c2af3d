def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM) for v in variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(g)
        return tf.reduce_mean(per_example)

    @tf.function
    def add(batch):
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, strategy.run(replica_add, args=batch), axis=None)

    @tf.function
    def apply():
        # once per update: sum the replicas' copies, then one update in cross-replica context
        totals = [tf.add_n(list(strategy.experimental_local_results(a))) for a in accumulators]
        optimizer.apply_gradients(zip(totals, variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    count = [0]

    def micro_step(batch):
        loss = add(batch)
        count[0] += 1
        if count[0] % accum_steps == 0:
            apply()
        return loss

    return micro_step
