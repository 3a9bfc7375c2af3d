# INTENT: wrong: weights rounded to 12 significant digits for "clean" numbers: not the exact R*n_r/G (rounded weights)
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = [int(n) for n in per_replica_batch_sizes]
    r, g = len(sizes), sum(sizes)
    return [float(f"{r * n / g:.12g}") for n in sizes]
