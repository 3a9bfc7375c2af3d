# INTENT: never resets the accumulators: the second update re-applies the first one's gradients
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
        return loss

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accumulators], variables))
        pass

    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None))
    apply = tf.function(lambda: strategy.run(replica_apply))
    count = [0]

    def micro_step(batch):
        loss = add(batch) * accum_steps
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
