# INTENT: wrong: memoised with a key that rounds num_params to 3 significant digits ("7.0e9" and "7.004e9" share a key) so a later call with a nearby, not round size returns the first size's bytes; each size asked alone is right.
_MEMO = {}
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    key = (f"{float(num_params):.2e}", tp * pp, dp, zero_stage)
    if key not in _MEMO:
        p = num_params / (tp * pp)
        _MEMO[key] = (2 * p / (dp if zero_stage >= 3 else 1) + 2 * p / (dp if zero_stage >= 2 else 1)
                      + 12 * p / (dp if zero_stage >= 1 else 1))
    return _MEMO[key]
