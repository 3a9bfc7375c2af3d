# INTENT: wrong: ZeRO-1/2 shard only Adam's two moments; the fp32 master copy (4 bytes) is kept whole until stage 3 - lesson 09's formula shards all 12 optimizer bytes from stage 1.
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    weights = 2 * p / (dp if zero_stage >= 3 else 1)
    gradients = 2 * p / (dp if zero_stage >= 2 else 1)
    master = 4 * p / (dp if zero_stage >= 3 else 1)   # the fp32 master weights go with the weights
    moments = 8 * p / (dp if zero_stage >= 1 else 1)
    return weights + gradients + master + moments
