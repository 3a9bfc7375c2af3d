# INTENT: shards over dp-1 (one replica keeps the full copy as a 'leader')
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    gradients = 2 * p / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * p / (max(dp - 1, 1) if zero_stage >= 1 else 1)
    return weights + gradients + optimizer
