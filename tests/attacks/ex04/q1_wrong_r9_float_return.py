# INTENT: computes with true division and returns a float (4.0), not an int as the contract asks
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    per_replica = global_batch_size / num_replicas
    k = 1.0
    while k <= per_replica:
        if per_replica % k == 0 and per_replica / k <= max_per_replica_batch_size:
            return k
        k += 1
    raise ValueError("no split")
