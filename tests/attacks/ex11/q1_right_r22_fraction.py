# INTENT: right: exact rational arithmetic (fractions.Fraction) of the same lesson-09 formula, table-driven by stage, returned as a float.
from fractions import Fraction


def predicted_state_bytes(num_params, tp, pp, dp, zero_stage):
    """Bytes of weights, gradients and Adam state on one device."""
    # bytes per parameter of (weights, gradients, optimizer) and the first ZeRO stage that shards each part
    parts = ((2, 3), (2, 2), (12, 1))
    share = sum(Fraction(b, dp if zero_stage >= first else 1) for b, first in parts)
    return float(Fraction(num_params) * share / (tp * pp))
