# INTENT: stage 0 also shards the optimizer state (thinks data parallel always splits Adam)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    adam = 12 * p / (dp if zero_stage >= 0 else 1)
    return weights + grads + adam
