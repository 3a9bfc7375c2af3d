# INTENT: returns the micro-batch loss rounded through float16 (a 'cheap' logging value): not the mean loss to float32 precision.
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                                   accum_steps=accum_steps, loss_fn=loss_fn)
    def micro_step(batch):
        return tf.cast(tf.cast(acc.micro_step(batch)[0], tf.float16), tf.float32)
    return micro_step
