# INTENT: wrong - thresholds off by one stage: stage 1 shards gradients too and stage 2 shards the weights too (stages 1 and 2 mixed up with 2 and 3) (public check: caught)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    shard = num_params / (tp * pp)
    return (2 * shard / (dp if zero_stage >= 2 else 1) + 2 * shard / (dp if zero_stage >= 1 else 1)
            + 12 * shard / (dp if zero_stage >= 1 else 1))
