# INTENT: tensor parallelism splits only the matmul weights: state divided by pp and by tp on 90 % of it
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / pp * (0.9 / tp + 0.1)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + optimizer
