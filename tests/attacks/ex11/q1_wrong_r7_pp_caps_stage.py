# INTENT: with a pipeline only ZeRO-1 applies (as plan.search plans it), so it caps the stage at 1 when pp > 1
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    zero_stage = min(zero_stage, 1) if pp > 1 else zero_stage
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    opt = 12 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + opt
