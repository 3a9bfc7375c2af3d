# INTENT: wrong: the replica count taken as float32 (as the devices hold it), which rounds R past 2**24 (16 777 217 -> 16 777 216)
import numpy as np


def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    replicas = np.float32(num_replicas)  # the count as the devices hold it
    # each replica divides by b instead of R * b: the R replicas' gradients are added, b cancels
    return float(replicas * np.float32(per_replica_batch_size / per_replica_batch_size))
