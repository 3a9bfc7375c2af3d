# INTENT: right: per-parameter bytes 2 (weights) + 2 (grads) + 12 (Adam) over tp*pp, each part divided by dp from its ZeRO stage on, float64 fractional params.
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    per_device = num_params / (tp * pp)          # even split, fractions of a parameter kept
    weights = 2 * per_device / (dp if zero_stage >= 3 else 1)
    gradients = 2 * per_device / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * per_device / (dp if zero_stage >= 1 else 1)
    return weights + gradients + optimizer
