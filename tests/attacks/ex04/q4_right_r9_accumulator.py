def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    """micro_step(batch): add one micro-batch's gradients; update every accum_steps calls."""
    acc = accumulation.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                                   accum_steps=accum_steps, loss_fn=loss_fn)

    def micro_step(batch):
        loss, _correct, _applied = acc.micro_step(batch)
        return loss

    return micro_step
