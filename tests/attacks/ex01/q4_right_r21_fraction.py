# INTENT: right (other style): exact rational arithmetic, (1/b) / (1/(R*b)) = R as a Fraction, returned as an exact int (no float rounding for any R, b).
from fractions import Fraction


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    wrong_divisor = Fraction(1, per_replica_batch_size)                   # per-replica mean
    right_divisor = Fraction(1, num_replicas * per_replica_batch_size)    # global mean
    factor = wrong_divisor / right_divisor
    assert factor.denominator == 1
    return factor.numerator
