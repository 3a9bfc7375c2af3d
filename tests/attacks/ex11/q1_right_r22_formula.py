# INTENT: right: 2+2+12 bytes per parameter over tp*pp devices, optimizer/gradients/weights divided by dp at stages >=1/>=2/>=3, float64 throughout.
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    per_device = num_params / (tp * pp)
    weights = 2 * per_device / (dp if zero_stage >= 3 else 1)
    gradients = 2 * per_device / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * per_device / (dp if zero_stage >= 1 else 1)
    return weights + gradients + optimizer
