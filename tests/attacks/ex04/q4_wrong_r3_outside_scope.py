# INTENT: accumulators created outside strategy.scope(): one copy on one device that every replica writes into (state not per replica)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False) for v in variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(g)
        return loss

    def replica_apply():
        optimizer.apply_gradients(zip([a / strategy.num_replicas_in_sync for a in accumulators], variables))

    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None))

    @tf.function
    def apply():
        strategy.run(replica_apply)
        for a in accumulators:
            a.assign(tf.zeros_like(a))

    count = [0]

    def micro_step(batch):
        loss = add(batch) * accum_steps
        count[0] += 1
        if count[0] == accum_steps:
            apply()
            count[0] = 0
        return loss

    return micro_step
