# INTENT: returns the count as a float (G / (R x per)), not an int as the contract says.
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    for per in range(max_per_replica_batch_size, 0, -1):
        k = global_batch_size / (num_replicas * per)
        if k.is_integer():
            return k
    raise ValueError("no split")
