def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, global_batch_size + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError(f"no accum_steps splits {global_batch_size} over {num_replicas} replicas within {max_per_replica_batch_size}")
