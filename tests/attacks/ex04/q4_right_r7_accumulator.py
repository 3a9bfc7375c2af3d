# INTENT: right: gpukit's Accumulator (per-replica ON_READ accumulators, one apply per accum_steps calls).
def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                                   accum_steps=accum_steps, loss_fn=loss_fn)
    def micro_step(batch):
        return acc.micro_step(batch)[0]
    return micro_step
