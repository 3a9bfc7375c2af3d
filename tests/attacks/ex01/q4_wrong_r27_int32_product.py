# INTENT: wrong: computes global batch / per-replica batch in numpy int32, which overflows once num_replicas * per_replica_batch_size passes 2**31 (breaks "a formula for any number of replicas"), exact on every smaller case.
import numpy as np

def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    global_batch = np.int32(num_replicas) * np.int32(per_replica_batch_size)
    return int(global_batch // np.int32(per_replica_batch_size))
