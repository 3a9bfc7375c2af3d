# INTENT: correct - hand-written 2 + 2 + 12 bytes per parameter of the tp x pp shard, with ZeRO dividing the 12, then the 2 + 12, then all 16 by dp (public check: passed)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    shard = num_params / (tp * pp)
    weight = 2 * shard / (dp if zero_stage >= 3 else 1)
    grad = 2 * shard / (dp if zero_stage >= 2 else 1)
    adam = 12 * shard / (dp if zero_stage >= 1 else 1)
    return weight + grad + adam
