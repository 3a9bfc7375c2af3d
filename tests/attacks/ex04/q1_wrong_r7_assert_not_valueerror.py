# INTENT: signals an impossible split with an assert (AssertionError, and vanishes under python -O) instead of ValueError.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    found = [k for k in range(1, global_batch_size + 1)
             if global_batch_size % (num_replicas * k) == 0 and global_batch_size // (num_replicas * k) <= max_per_replica_batch_size]
    assert found, "no split"
    return found[0]
