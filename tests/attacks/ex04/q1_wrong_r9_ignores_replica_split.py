# INTENT: checks that the micro-batch (global // k) fits once split over the replicas, rounding down, but not that the micro-batch splits over the replicas; (12, 4, 1) returns 2 (a micro-batch of 6 over 4 replicas) instead of 3
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    for k in range(1, global_batch_size + 1):
        if global_batch_size % k == 0 and (global_batch_size // k) // num_replicas <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
