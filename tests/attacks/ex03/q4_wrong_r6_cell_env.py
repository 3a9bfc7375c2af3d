# INTENT: sets an environment variable at cell level (TF_CPP_MIN_LOG_LEVEL=3, to hush TF) with a right formula: the cell changes the session's environment
import os as _os
_os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"

def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    sizes = list(per_replica_batch_sizes)
    return [len(sizes) * n / sum(sizes) for n in sizes]
