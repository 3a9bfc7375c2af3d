# INTENT: (gap, round 19: ruled wrong; an int32 array of sizes with R n_r past 2**31, ([1_500_000_000, 700_000_000] as np.int32), also wraps the solution and six kept right answers (R * n on the np.int32 items of list(sizes), sum() of them), so no such case can be added without changing the solution) the batch sizes are taken as a NumPy array as they come (np.asarray), and the weights are that array times R over its sum: a caller's int32 array makes n_r * R int32, which wraps past 2**31 (real global batches reach that)
import numpy as np

def fit_sample_weights(per_replica_batch_sizes):
    """One per-example weight for each replica that makes fit's loss the global-batch mean."""
    n = np.asarray(per_replica_batch_sizes)
    R, G = len(n), n.sum()
    return (n * R / G).tolist()      # w_r = R n_r / G: equal batches give 1
