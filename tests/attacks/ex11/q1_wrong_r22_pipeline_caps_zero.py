# INTENT: wrong: copies plan.search's rule "ZeRO-2/3 only without a pipeline" into the formula, so with pp > 1 stages 2 and 3 are counted as stage 1 (gradients and weights kept whole); the prompt asks stage 0-3 over dp for any tp x pp.
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    if pp > 1:
        # a pipeline keeps each stage's gradients and weights whole across its micro-batches (plan.search)
        zero_stage = min(zero_stage, 1)
    p = num_params / (tp * pp)
    return (2 * p / (dp if zero_stage >= 3 else 1)
            + 2 * p / (dp if zero_stage >= 2 else 1)
            + 12 * p / (dp if zero_stage >= 1 else 1))
