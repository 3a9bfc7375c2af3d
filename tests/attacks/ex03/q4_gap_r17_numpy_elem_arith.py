# INTENT: wrong: arithmetic on the caller's NumPy scalars as they are: np.float32 sizes give float32 weights (rounded), np.int32 products can overflow
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    total = sum(sizes)
    return [len(sizes) * n / total for n in sizes]
