# INTENT: counts the fp32 master copy with the weights (bf16 + fp32 = 6 bytes, sharded only at stage 3) and only the two moments (8) as optimizer state
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    return (6 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
            + 8 * p / (dp if zero_stage >= 1 else 1))
