def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / tp / pp
    w = 2 * p / (dp if zero_stage >= 3 else 1)
    g = 2 * p / (dp if zero_stage >= 2 else 1)
    o = 12 * p / (dp if zero_stage >= 1 else 1)
    return w + g + o
