# INTENT: checks the fit with floor division only (global // (replicas x k) <= max) and not exactness, so it returns a k that does not split the batch; no ValueError.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    k = 1
    while global_batch_size // (num_replicas * k) > max_per_replica_batch_size:
        k += 1
    return k
