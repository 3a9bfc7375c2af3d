# INTENT: ZeRO shards over the data-parallel group dp x pp (pipeline stages counted as replicas)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    n = dp * pp
    return (2 * p / (n if zero_stage >= 3 else 1) + 2 * p / (n if zero_stage >= 2 else 1)
            + 12 * p / (n if zero_stage >= 1 else 1))
