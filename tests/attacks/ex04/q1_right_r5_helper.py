def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    return accumulation.smallest_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size)
