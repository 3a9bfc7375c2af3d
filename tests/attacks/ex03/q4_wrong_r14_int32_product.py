# INTENT: wrong: R * n_r in int32 (wraps for very large batches x replicas)
def fit_sample_weights(per_replica_batch_sizes):
    import numpy as np
    n = np.array(per_replica_batch_sizes, dtype=np.int32)
    return list((np.int32(len(n)) * n).astype(np.float64) / float(n.sum()))
