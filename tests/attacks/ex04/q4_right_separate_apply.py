# INTENT: correct, other structure: accumulate every call (loss via compute_average_loss over the global batch), then on every accum_steps-th call a separate tf.function applies the summed accumulators once and zeroes them.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    params = list(model.trainable_variables)
    with strategy.scope():
        sums = [tf.Variable(tf.zeros_like(p), trainable=False,
                            synchronization=tf.VariableSynchronization.ON_READ,
                            aggregation=tf.VariableAggregation.SUM) for p in params]

    def add_micro_batch(x, y):
        with tf.GradientTape() as tape:
            share = tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)),
                                               global_batch_size=global_batch_size)
        for s, g in zip(sums, tape.gradient(share, params)):
            s.assign_add(g)
        return share

    def apply_and_clear():
        optimizer.apply_gradients([(s.read_value(), p) for s, p in zip(sums, params)])
        for s in sums:
            s.assign(tf.zeros_like(s))

    @tf.function
    def accumulate(batch):
        shares = strategy.run(add_micro_batch, args=batch)
        return strategy.reduce(tf.distribute.ReduceOp.SUM, shares, axis=None) * accum_steps

    @tf.function
    def update():
        strategy.run(apply_and_clear)

    state = {"seen": 0}

    def micro_step(batch):
        loss = accumulate(batch)
        state["seen"] += 1
        if state["seen"] % accum_steps == 0:
            update()
        return loss

    return micro_step
