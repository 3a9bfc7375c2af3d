# INTENT: rounds the answer to whole megabytes (1e6 bytes) "as a planner prints it": off by up to 0.5 MB
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * p / (dp if zero_stage >= 1 else 1)
    return round((weights + grads + optimizer) / 1e6) * 1e6
