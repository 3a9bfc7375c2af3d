# INTENT: treats the stages as exclusive: stage 1 shards the optimizer, stage 2 the gradients, stage 3 the weights (each only its own part)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    parts = {"w": 2 * p, "g": 2 * p, "o": 12 * p}
    key = {1: "o", 2: "g", 3: "w"}.get(zero_stage)
    if key:
        parts[key] /= dp
    return sum(parts.values())
