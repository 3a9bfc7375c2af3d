# INTENT: correct: try accum_steps = 1, 2, ... up to global/replicas; the first that splits exactly with a per-replica batch within the limit; ValueError if none.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    for k in range(1, global_batch_size // num_replicas + 1):
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
    raise ValueError(f"global batch {global_batch_size} cannot be split over {num_replicas} replicas "
                     f"into per-replica batches of at most {max_per_replica_batch_size}")
