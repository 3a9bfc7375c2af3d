# INTENT: right: w_r = R * n_r / G for every replica (R counts empty replicas too), in Python ints then one float division each, in a new list; the caller's list and its items are not touched.
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = [int(n) for n in per_replica_batch_sizes]
    replicas, total = len(sizes), sum(sizes)
    return [replicas * n / total for n in sizes]
