# INTENT: returns a float32 numpy array (Keras' sample-weight dtype): weights rounded to float32 (1e-8 relative).
import numpy as np
def fit_sample_weights(per_replica_batch_sizes):
    n = np.asarray(per_replica_batch_sizes, dtype=np.float32)
    return n * np.float32(len(n)) / n.sum()
