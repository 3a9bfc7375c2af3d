# INTENT: a formula that is not the factor (an unbiased-estimate style correction) but rounds to it at 3 decimals for small replica counts
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    g = num_replicas * per_replica_batch_size
    return num_replicas * (1 - 1 / (g * 1000.0))
