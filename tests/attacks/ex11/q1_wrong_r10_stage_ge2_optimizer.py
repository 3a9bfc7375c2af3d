# INTENT: off-by-one in the stage thresholds: optimizer sharded from stage 1, gradients from stage 3, weights never ("stage 3 = FSDP shards gradients")
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = num_params / (tp * pp)
    return 2 * p + 2 * p / (dp if zero_stage > 2 else 1) + 12 * p / (dp if zero_stage > 0 else 1)
