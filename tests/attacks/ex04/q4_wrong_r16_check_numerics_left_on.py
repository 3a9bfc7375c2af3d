# INTENT: wrong: turns on tf.debugging.enable_check_numerics() (to catch a NaN during accumulation) and leaves it on: a setting of the whole session
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    tf.debugging.enable_check_numerics()
    variables = model.trainable_variables
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = tf.reduce_sum(loss_fn(y, logits)) / global_batch_size
        grads = tape.gradient(loss, variables)
        for a, g in zip(accs, grads):
            a.assign_add(g)
        return loss * accum_steps

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    @tf.function
    def add(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_add, args=batch), axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    pending = [0]

    def micro_step(batch):
        loss = add(batch)
        pending[0] += 1
        if pending[0] == accum_steps:
            apply()
            pending[0] = 0
        return loss

    return micro_step

