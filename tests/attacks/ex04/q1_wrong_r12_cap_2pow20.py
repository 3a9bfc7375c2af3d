# INTENT: search capped at 2**20 micro-batches: wrong when accum_steps must exceed 1048576
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("no split")
    share = global_batch_size // num_replicas
    for k in range(1, min(share, 2 ** 20) + 1):
        if share % k == 0 and share // k <= max_per_replica_batch_size:
            return k
    raise ValueError("no split")
