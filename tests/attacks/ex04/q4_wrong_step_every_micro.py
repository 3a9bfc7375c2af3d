# INTENT: applies the optimizer on every micro-batch with its share (sum / global_batch_size): the gradients add up right for SGD, but optimizer.iterations grows accum_steps per update and each micro-step sees already-moved weights. (public check: caught)
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    variables = model.trainable_variables

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y, model(x, training=True))) / global_batch_size
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss * accum_steps

    @tf.function
    def micro_step(batch):
        return strategy.reduce("SUM", strategy.run(replica_step, args=batch), axis=None)

    return micro_step
