# INTENT: wrong: parameters rounded to whole billions first (6.7e9 -> 7e9): bytes off for any non-round model size
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    n = max(round(num_params / 1e9), 1) * 1e9
    p = n / (tp * pp)
    return p * (2 / (dp if zero_stage >= 3 else 1) + 2 / (dp if zero_stage >= 2 else 1) + 12 / (dp if zero_stage >= 1 else 1))
