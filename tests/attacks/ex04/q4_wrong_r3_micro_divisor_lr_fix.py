# INTENT: divides each micro-batch by its own size (k x too large gradients, the named mistake) and 'fixes' it by dividing the caller's learning rate by k: same SGD/momentum weights, optimizer modified in place
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    optimizer.learning_rate.assign(optimizer.learning_rate / accum_steps)   # micro-batch means summed are k x too big
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM) for v in variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / (global_batch_size // accum_steps)
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(g)
        return loss

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accumulators], variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None))
    apply = tf.function(lambda: strategy.run(replica_apply))
    count = [0]

    def micro_step(batch):
        loss = add(batch)        # the micro-batch's mean loss
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
