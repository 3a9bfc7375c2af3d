# INTENT: correct: w_r = R * n_r / G, so (1/R) * sum_r mean_r(w_r * loss) = sum(losses) / G.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = [int(n) for n in per_replica_batch_sizes]
    replicas, total = len(sizes), sum(sizes)
    return [replicas * n / total for n in sizes]
