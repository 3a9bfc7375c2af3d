# INTENT: float32 Adam bytes 4/4/8 (lesson 09's defaults): same 16 bytes at stage 0, wrong split at stages 1-3
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 4 * p / (dp if zero_stage >= 3 else 1)
    grads = 4 * p / (dp if zero_stage >= 2 else 1)
    adam = 8 * p / (dp if zero_stage >= 1 else 1)
    return weights + grads + adam
