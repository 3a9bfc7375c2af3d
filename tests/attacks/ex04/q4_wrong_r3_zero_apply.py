# INTENT: one tf.function for all calls: applies zero gradients on the non-final micro-steps so no cond is needed (optimizer steps every call)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    with strategy.scope():
        accumulators = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                                    synchronization=tf.VariableSynchronization.ON_READ,
                                    aggregation=tf.VariableAggregation.SUM) for v in variables]
        counter = tf.Variable(0, trainable=False, dtype=tf.int64)

    def replica_step(x, y, last):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / global_batch_size
        for a, g in zip(accumulators, tape.gradient(loss, variables)):
            a.assign_add(g)
        grads = [a.read_value() * last for a in accumulators]
        optimizer.apply_gradients(zip(grads, variables))
        for a in accumulators:
            a.assign(a * (1.0 - last))
        return loss

    step = tf.function(lambda batch, last: strategy.reduce(
        "SUM", strategy.run(replica_step, args=batch + (last,)), axis=None))
    count = [0]

    def micro_step(batch):
        count[0] += 1
        last = tf.constant(1.0 if count[0] % accum_steps == 0 else 0.0)
        return step(batch, last) * accum_steps

    return micro_step
