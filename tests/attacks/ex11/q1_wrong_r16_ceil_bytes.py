# RULED wrong (issue 38, round 17; outside in round 16): each part rounded up to whole bytes is up to 3 bytes over; the hidden case (1e9 + 1, 1, 3, 7, 1) shows 1.33 (the tolerance is one byte)
# INTENT: wrong: each part rounded up to whole bytes per device (math.ceil): differs from the formula for sizes that do not divide
import math
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    P = num_params / (tp * pp)
    return (math.ceil(2 * P / (dp if zero_stage >= 3 else 1)) + math.ceil(2 * P / (dp if zero_stage >= 2 else 1))
            + math.ceil(12 * P / (dp if zero_stage >= 1 else 1)))
