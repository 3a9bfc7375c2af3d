# INTENT: wrong - returns the number of parameters on the device (ZeRO-3-style shard count), not bytes (public check: caught)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return num_params / (tp * pp) / (dp if zero_stage else 1)
