# INTENT: at ZeRO-3 adds the all-gathered whole bf16 weights of the model (the device needs them in the forward) to its slice
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1) + (2 * p if zero_stage >= 3 else 0)
    grads = 2 * p / (dp if zero_stage >= 2 else 1)
    optimizer = 12 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + optimizer
