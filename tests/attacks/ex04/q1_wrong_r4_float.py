# INTENT: returns a float (4.0) from true division, not the int the contract asks for
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    share = global_batch_size / num_replicas
    for p in range(min(int(share), max_per_replica_batch_size), 0, -1):
        if share % p == 0:
            return share / p
    raise ValueError("no split fits")
