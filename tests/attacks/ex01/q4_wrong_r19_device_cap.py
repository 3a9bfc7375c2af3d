# INTENT: wrong: the replica count capped at 1024 (no strategy has more devices), so the factor stops growing past 1024 replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    replicas = min(num_replicas, 1024)  # a strategy never spans more than 1024 accelerators
    global_batch = replicas * per_replica_batch_size
    # each replica divides by per_replica_batch_size instead of global_batch
    return global_batch / per_replica_batch_size
