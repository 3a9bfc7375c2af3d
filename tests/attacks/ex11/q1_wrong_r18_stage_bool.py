# INTENT: wrong: stage 3 handled as "everything sharded" but stage 2 also shards the weights when dp is even (mixes up FSDP variants)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    p = num_params / (tp * pp)
    w_div = dp if (zero_stage >= 3 or (zero_stage == 2 and dp % 4 == 0 and tp * pp > 8)) else 1
    w = 2 * p / w_div
    g = 2 * p / (dp if zero_stage >= 2 else 1)
    o = 12 * p / (dp if zero_stage >= 1 else 1)
    return w + g + o
