# INTENT: wrong: whether the global batch splits over the replicas is checked with a float division, (global_batch_size / num_replicas).is_integer(): with a huge global batch the quotient rounds to a whole number, so a batch that does not split gets an answer instead of ValueError
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1:
        raise ValueError("a limit below one example fits nothing")
    if not (global_batch_size / num_replicas).is_integer():
        raise ValueError(f"{global_batch_size} does not split over {num_replicas} replicas")
    share = global_batch_size // num_replicas
    for k in range(1, share + 1):
        if share % k == 0 and share // k <= max_per_replica_batch_size:
            return k
    raise ValueError("no split fits the limit")
