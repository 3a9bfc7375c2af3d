# INTENT: on the update call, returns the loss recomputed after the update (what the step "ended at"), not before it.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                                   accum_steps=accum_steps, loss_fn=loss_fn)
    @tf.function
    def eval_loss(batch):
        x, y = batch
        out = strategy.run(lambda x, y: tf.reduce_sum(loss_fn(y, model(x, training=True))), args=(x, y))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, out, axis=None) / (global_batch_size // accum_steps)

    def micro_step(batch):
        loss, _, applied = acc.micro_step(batch)
        return eval_loss(batch) if applied else loss
    return micro_step
