# INTENT: wrong - stage 3 never shards the bf16 weights (threshold `> 3` instead of `>= 3`), stages 0-2 right (public check: passed)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    shard = num_params / (tp * pp)
    return (2 * shard / (dp if zero_stage > 3 else 1) + 2 * shard / (dp if zero_stage >= 2 else 1)
            + 12 * shard / (dp if zero_stage >= 1 else 1))
