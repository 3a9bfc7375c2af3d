def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("the global batch does not split over the replicas")
    per_replica = global_batch_size // num_replicas
    # the largest divisor of per_replica that fits gives the fewest accum steps
    best = None
    for b in range(min(per_replica, max_per_replica_batch_size), 0, -1):
        if per_replica % b == 0:
            best = b
            break
    if best is None:
        raise ValueError("a limit below one example")
    return per_replica // best
