# INTENT: tensor parallelism splits the weights and gradients, but the optimizer state is divided by pp only (tp replicas keep full Adam state)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    gradients = 2 * p / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * num_params / pp / (dp if zero_stage >= 1 else 1)
    return weights + gradients + optimizer
