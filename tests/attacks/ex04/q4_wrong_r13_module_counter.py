# INTENT: wrong (borderline): the micro-step counter lives on the module and is reset when a new step is made, so a second live micro_step (another model) resets and shares the first one's counter
_STEP_COUNT = [0]

def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    _STEP_COUNT[0] = 0
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM)
                for v in model.trainable_variables]

    def replica_add(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        return loss * accum_steps

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], model.trainable_variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    add = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_add, args=batch), axis=None))
    apply = tf.function(lambda: strategy.run(replica_apply))

    def micro_step(batch):
        loss = add(batch)
        _STEP_COUNT[0] += 1
        if _STEP_COUNT[0] % accum_steps == 0:
            apply()
        return loss

    return micro_step
