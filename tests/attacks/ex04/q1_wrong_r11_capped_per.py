# INTENT: searches the per-replica batch downward from the limit, but caps the search at 1024 ("no device holds more"): a large limit with a large batch returns more micro-batches than the fewest
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    n = global_batch_size // num_replicas
    for per in range(min(max_per_replica_batch_size, n, 1024), 0, -1):
        if n % per == 0:
            return n // per
    raise ValueError("no split")
