# INTENT: right: delegates to lesson 09's zero.state_bytes (mixed precision 2/2/12) for the tp*pp share of the parameters, using exact Fraction for the share.
from fractions import Fraction


def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    share = float(Fraction(num_params) / (tp * pp))
    return zero.state_bytes(share, dp, zero_stage, weight_bytes=2, grad_bytes=2, optimizer_bytes=12)["total"]
