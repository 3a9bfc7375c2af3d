# INTENT: wrong: caps the factor at 8 (the replicas one machine has); the factor is num_replicas for any count
def predicted_update_scale(num_replicas, per_replica_batch_size):
    return min(num_replicas, 8)
