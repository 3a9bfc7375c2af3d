# INTENT: the returned loss includes the model's regularization losses (model.losses) -- not the micro-batch's mean per-example loss; silent for a model without L2
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    with strategy.scope():
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for v in model.trainable_variables]
    micro = global_batch_size // accum_steps

    def replica_acc(x, y):
        with tf.GradientTape() as tape:
            per = loss_fn(y, model(x, training=True))
            loss = tf.reduce_sum(per) / global_batch_size
        for a, g in zip(accs, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
        reg = tf.add_n(model.losses) if model.losses else 0.0
        return tf.reduce_sum(per) / micro + reg / strategy.num_replicas_in_sync

    def replica_apply():
        optimizer.apply_gradients(zip([a.read_value() for a in accs], model.trainable_variables))
        for a in accs:
            a.assign(tf.zeros_like(a))

    @tf.function
    def acc_step(batch):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_acc, args=batch), axis=None)

    @tf.function
    def apply_step():
        strategy.run(replica_apply)

    count = [0]

    def micro_step(batch):
        loss = acc_step(batch)
        count[0] += 1
        if count[0] == accum_steps:
            apply_step()
            count[0] = 0
        return loss
    return micro_step
