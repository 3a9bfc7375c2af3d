# INTENT: applies the accumulated update by hand (w -= lr * g, in cross-replica context) and bumps optimizer.iterations, instead of optimizer.apply_gradients: exact for plain SGD, wrong with momentum (or any other optimizer)
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

    def replica_reset():
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_accumulate, args=batch), axis=None)

    @tf.function
    def apply():
        lr = optimizer.learning_rate
        for v, a in zip(variables, accumulators):
            v.assign_sub(tf.cast(lr, v.dtype) * a.read_value())   # read in cross-replica: the sum over replicas
        optimizer.iterations.assign_add(1)
        strategy.run(replica_reset)

    count = [0]

    def micro_step(batch):
        loss = accumulate(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
