# INTENT: right: the ratio of the two divisors, global batch / per-replica batch, in exact rational arithmetic and returned as an int (= num_replicas for any sizes).
from fractions import Fraction

def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = num_replicas * per_replica_batch_size        # what one device divides by
    factor = Fraction(global_batch, per_replica_batch_size)     # what each replica divides by instead
    return int(factor) if factor.denominator == 1 else float(factor)
