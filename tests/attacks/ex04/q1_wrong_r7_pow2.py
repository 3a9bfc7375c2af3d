# INTENT: only tries powers of two for k (the usual doubling): misses e.g. k=3.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    k = 1
    while k <= global_batch_size:
        if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size:
            return k
        k *= 2
    raise ValueError("no split")
