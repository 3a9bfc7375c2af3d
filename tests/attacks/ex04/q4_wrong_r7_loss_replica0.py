# INTENT: returns replica 0's mean loss (experimental_local_results[0]) as "the" loss instead of the whole micro-batch's mean.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                                   accum_steps=accum_steps, loss_fn=loss_fn)
    R = strategy.num_replicas_in_sync
    per_replica = global_batch_size // accum_steps // R

    @tf.function
    def first_loss(batch):
        x, y = batch
        out = strategy.run(lambda x, y: tf.reduce_mean(loss_fn(y, model(x, training=False))), args=(x, y))
        return strategy.experimental_local_results(out)[0]

    def micro_step(batch):
        loss = first_loss(batch)
        acc.micro_step(batch)
        return loss
    return micro_step
