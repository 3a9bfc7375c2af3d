# INTENT: wrong: returns R as a float32 "because the check measures float32 gradients"; exact for small R, but 16 777 217 replicas become 16 777 216 (past 2**24), so the formula is not exact for any number of replicas.
import numpy as np


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(np.float32(num_replicas * per_replica_batch_size) / np.float32(per_replica_batch_size))
