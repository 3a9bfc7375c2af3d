# INTENT: wrong: memoised by (num_params, dp, zero_stage): tp x pp of a later call with the same size ignored
_memo = {}
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    key = (num_params, dp, zero_stage)
    if key not in _memo:
        p = num_params / (tp * pp)
        _memo[key] = (2 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
                      + 12 * p / (dp if zero_stage >= 1 else 1))
    return _memo[key]
