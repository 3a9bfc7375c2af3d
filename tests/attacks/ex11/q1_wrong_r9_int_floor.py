# RULED wrong (issue 38, round 16, the lead's ruling, reversing the earlier outside rulings): whole parameters per device, or float32 arithmetic, are off by more than a byte where the split is not whole; the check is to within a byte
# INTENT: integer arithmetic throughout (// ): each division floors, bytes rounded down per part
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = int(num_params) // (tp * pp)
    w = 2 * p // (dp if zero_stage >= 3 else 1)
    g = 2 * p // (dp if zero_stage >= 2 else 1)
    o = 12 * p // (dp if zero_stage >= 1 else 1)
    return w + g + o
