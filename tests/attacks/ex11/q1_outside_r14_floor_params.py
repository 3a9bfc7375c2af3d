# RULED outside (issue 38, round 14; filed wrong): less than a byte off (whole parameters per device, floored)
# INTENT: wrong: whole parameters per device by floor division, and whole bytes by floor per part (drops fractions: off when tp*pp or dp does not divide)
def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    p = int(num_params) // (tp * pp)
    div = lambda x, s: x // dp if zero_stage >= s else x
    return div(2 * p, 3) + div(2 * p, 2) + div(12 * p, 1)
