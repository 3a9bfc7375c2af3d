# INTENT: searches the per-replica batch downward from min(limit, 10000) ("no device holds more"): wrong for a limit and share above 10000
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("no split")
    share = global_batch_size // num_replicas
    for per in range(min(share, max_per_replica_batch_size, 10_000), 0, -1):
        if share % per == 0:
            return share // per
    raise ValueError("no split")
