# INTENT: ZeRO-1/2 shard only the two moments (8 bytes); the fp32 master copy (4) stays whole until stage 3
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    opt = 8 * p / (dp if zero_stage >= 1 else 1) + 4 * p / (dp if zero_stage >= 3 else 1)
    return weights + grads + opt
