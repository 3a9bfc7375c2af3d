# INTENT: correct, another form: each replica's batch divided by the mean batch size (n_r / mean(n) = R n_r / G), with numpy.
import numpy as np

def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    n = np.asarray(list(per_replica_batch_sizes), dtype=np.float64)
    return (n / n.mean()).tolist()
