# INTENT: wrong: the formula R is right, but it switches NumPy's error handling to raise on overflow/invalid "to guard huge sizes" and never restores it: a session-wide setting (NumPy's error handling) changed, which the prompt forbids.
import numpy as np


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    np.seterr(over="raise", invalid="raise")
    global_batch = np.int64(num_replicas) * np.int64(per_replica_batch_size)
    return int(global_batch // np.int64(per_replica_batch_size))
