# INTENT: (gap, round 19: ruled wrong; float(limit) passes a whole per-replica batch above the limit only for a limit above 2**53, e.g. (2**53 + 4, 1, 2**53 + 3) -> 2, it gives 1; any such case makes a kept right answer loop ~1e8 times or more: the sqrt divisor scan always, and the per-replica scans from the limit down or the k scans from 1, one of them) the divisibility is checked with ints, but the fit is checked as share / k <= float(limit) (the limit may be fractional): above 2**53 the float limit rounds up past the per-replica batch, which is taken as fitting when it is larger than the limit
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError(f"{global_batch_size} does not split over {num_replicas} replicas")
    limit = float(max_per_replica_batch_size)
    share = global_batch_size // num_replicas
    for k in range(1, share + 1):
        if share % k == 0 and share / k <= limit:
            return k
    raise ValueError(f"no split of {global_batch_size} over {num_replicas} replicas fits {max_per_replica_batch_size}")
