# RULED wrong (issue 38, round 16, the lead's ruling, reversing the earlier outside rulings): whole parameters per device, or float32 arithmetic, are off by more than a byte where the split is not whole; the check is to within a byte
# INTENT: wrong: whole parameters per device by floor division, and whole bytes by floor per part (drops fractions: off when tp*pp or dp does not divide)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = int(num_params) // (tp * pp)
    div = lambda x, s: x // dp if zero_stage >= s else x
    return div(2 * p, 3) + div(2 * p, 2) + div(12 * p, 1)
