# INTENT: memoises by the number of replicas (module-level dict): a later call with the same R but other batch sizes gets the old weights
_W = {}
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    if len(sizes) not in _W:
        _W[len(sizes)] = [len(sizes) * n / sum(sizes) for n in sizes]
    return _W[len(sizes)]
