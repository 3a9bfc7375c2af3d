# INTENT: wrong: parameters rounded to 0.01 billion first ("6.74B ~ 6.74e9" fine, 1.3e8 -> 1.3e8 but 123,456,789 -> 1.2e8): bytes off for non-round sizes
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    n = round(num_params / 1e7) * 1e7
    p = n / (tp * pp)
    return p * (2 / (dp if zero_stage >= 3 else 1) + 2 / (dp if zero_stage >= 2 else 1) + 12 / (dp if zero_stage >= 1 else 1))
