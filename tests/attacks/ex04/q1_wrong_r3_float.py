# INTENT: returns a float (true division) instead of the int the contract asks for
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    share = global_batch_size // num_replicas
    per = max(p for p in range(1, min(share, max_per_replica_batch_size) + 1) if share % p == 0)
    return share / per
