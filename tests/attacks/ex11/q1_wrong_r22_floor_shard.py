# INTENT: wrong: the ZeRO shard is whole parameters (per_device // dp) before multiplying by bytes; exact on the public round numbers but when the per-device count is not a multiple of dp it drops up to 12*(dp-1)/dp bytes.
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    per_device = num_params / (tp * pp)               # even split over tensor x pipeline
    shard = per_device // dp                          # each data-parallel rank owns its slice of parameters
    weights = 2 * (shard if zero_stage >= 3 else per_device)
    gradients = 2 * (shard if zero_stage >= 2 else per_device)
    optimizer = 12 * (shard if zero_stage >= 1 else per_device)
    return weights + gradients + optimizer
