# INTENT: correct, exact fractions (numbers, not floats)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    from fractions import Fraction
    R, G = len(per_replica_batch_sizes), sum(per_replica_batch_sizes)
    return [Fraction(R * n, G) for n in per_replica_batch_sizes]
