# INTENT: wrong: every micro_step appends its loss to a module-level history list that grows across all steps (state kept on the module)
LOSS_HISTORY = []

def make_accumulating_step(strategy, model, optimizer, global_batch_size, accum_steps):
    from gpukit import accumulation as _acc
    acc = _acc.Accumulator(strategy, model, optimizer, global_batch_size=global_batch_size,
                           accum_steps=accum_steps, loss_fn=loss_fn)

    def micro_step(batch):
        loss, _, _ = acc.micro_step(batch)
        LOSS_HISTORY.append(float(loss))
        return loss

    return micro_step
