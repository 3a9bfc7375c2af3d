def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if num_replicas < 1 or global_batch_size % num_replicas:
        raise ValueError(f"{global_batch_size} does not split over {num_replicas} replicas")
    per_replica_total = global_batch_size // num_replicas
    # the largest per-replica micro-batch that fits and divides gives the fewest steps
    for per in range(min(max_per_replica_batch_size, per_replica_total), 0, -1):
        if per_replica_total % per == 0:
            return per_replica_total // per
    raise ValueError(f"no split of {global_batch_size} over {num_replicas} replicas fits {max_per_replica_batch_size}")
