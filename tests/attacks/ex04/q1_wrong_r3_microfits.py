# INTENT: checks the micro-batch (all replicas) fits replicas*max and divides the global batch, but never that it splits evenly over the replicas
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    k = 1
    while True:
        if global_batch_size % k == 0 and global_batch_size // k <= num_replicas * max_per_replica_batch_size:
            return k
        k += 1
