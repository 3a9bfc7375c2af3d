# INTENT: wrong - calls zero.state_bytes with its float32 defaults (4 + 4 + 8) instead of mixed precision (2 + 2 + 12): same 16 at stage 0, wrong when ZeRO shards (public check: caught)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    return zero.state_bytes(num_params / (tp * pp), dp, zero_stage)["total"]
