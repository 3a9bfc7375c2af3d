# INTENT: wrong: memoised by (num_params, tp*pp, zero_stage): a later call with another dp gets the earlier answer
_memo = {}
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    key = (num_params, tp * pp, zero_stage)
    if key not in _memo:
        p = num_params / (tp * pp)
        _memo[key] = (2 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
                      + 12 * p / (dp if zero_stage >= 1 else 1))
    return _memo[key]
