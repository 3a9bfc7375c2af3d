# INTENT: returns the SAME list object on every call and updates it in place (a module-level buffer "to avoid allocations"): a caller holding an earlier result sees it change
_OUT = []
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    _OUT[:] = [len(sizes) * n / sum(sizes) for n in sizes]
    return _OUT
