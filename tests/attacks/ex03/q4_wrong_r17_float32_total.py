# INTENT: wrong: the global batch accumulated in float32 (np.sum with dtype float32): above 2**24 it rounds, weights off
import numpy as _np
def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    counts = [int(n) for n in per_replica_batch_sizes]
    total = float(_np.sum(_np.asarray(counts, dtype=_np.float32)))
    return [len(counts) * n / total for n in counts]
