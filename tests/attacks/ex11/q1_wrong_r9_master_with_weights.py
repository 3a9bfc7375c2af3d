# INTENT: the fp32 master copy (4 bytes) treated as part of the weights, sharded only at stage 3; the moments (8) at stage 1
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    w = 6 * p / (dp if zero_stage >= 3 else 1)
    g = 2 * p / (dp if zero_stage >= 2 else 1)
    o = 8 * p / (dp if zero_stage >= 1 else 1)
    return w + g + o
