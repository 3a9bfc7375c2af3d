# INTENT: everything divided by dp at every stage >= 1 (ZeRO-3's saving at stage 1)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 1 else 1)
    grads = 2 * p / (dp if zero_stage >= 1 else 1)
    adam = 12 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + adam
