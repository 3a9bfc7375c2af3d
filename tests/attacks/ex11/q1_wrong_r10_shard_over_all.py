# INTENT: ZeRO shards over every device (tp x pp x dp), not over the dp group, on top of the tp x pp split
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    n = tp * pp * dp
    return 2 * p / (n if zero_stage >= 3 else 1) + 2 * p / (n if zero_stage >= 2 else 1) + 12 * p / (n if zero_stage >= 1 else 1)
