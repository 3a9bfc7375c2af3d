def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables
    micro_batch = global_batch_size // accum_steps

    def replica_grads(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / micro_batch
        return loss, tape.gradient(loss, variables)

    grads_of = tf.function(lambda batch: strategy.run(replica_grads, args=batch))

    def replica_apply(*grads):
        n = len(variables)
        total = [tf.add_n([grads[j * n + i] for j in range(accum_steps)]) for i in range(n)]
        optimizer.apply_gradients(zip([g / accum_steps for g in total], variables))

    apply = tf.function(lambda *grads: strategy.run(replica_apply, args=grads))
    pending = []

    def micro_step(batch):
        loss, grads = grads_of(batch)
        pending.extend(grads)
        if len(pending) == accum_steps * len(variables):
            apply(*pending)
            pending.clear()
        return strategy.reduce("SUM", loss, axis=None)  # each replica: its sum / micro-batch (fixer: SUM, not MEAN)

    return micro_step
