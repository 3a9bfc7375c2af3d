# INTENT: wrong: the global batch N*b is formed in float16, so for N*b above 2048 (e.g. 3 x 1001) it rounds and the returned factor is not N exactly
import numpy as np
def predicted_update_scale(num_replicas, per_replica_batch_size):
    g = np.float16(num_replicas) * np.float16(per_replica_batch_size)
    return float(g) / per_replica_batch_size
