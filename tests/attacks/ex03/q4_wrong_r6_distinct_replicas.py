# INTENT: assumes the example's shape (one big replica, the rest equal to the smallest): mean batch = (max + min*(R-1)) / R, weights n_r / that mean; right for [32,16,16], wrong for [30,20,14]
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    uniq = sorted(set(sizes))
    mean = (max(uniq) + min(uniq) * (len(sizes) - 1)) / len(sizes)
    return [n / mean for n in sizes]
