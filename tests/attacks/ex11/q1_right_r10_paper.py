def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    optim = 12 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + optim
