# INTENT: right: exact weights as Fractions R*n_r/G, converted to float once at the end; a new list every call.
from fractions import Fraction


def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = [int(n) for n in list(per_replica_batch_sizes)]
    global_batch = sum(sizes)
    return [float(Fraction(len(sizes) * n, global_batch)) for n in sizes]
