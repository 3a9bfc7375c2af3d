# INTENT: (gap, round 26: ruled wrong; (share / per).is_integer() errs only for a share above 2**53, e.g. share 2**53 + 1, limit 2 -> 2**52, it should give 2**53 + 1; any such case makes the kept divisor scans loop ~9.5e7 times, as in round 19) divisibility tested with a float division
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError(f"{global_batch_size} examples do not split over {num_replicas} replicas")
    share = global_batch_size // num_replicas
    cap = int(max_per_replica_batch_size)
    if cap < 1:
        raise ValueError(f"a limit of {max_per_replica_batch_size} holds no example")
    for per in range(min(cap, share), 0, -1):        # the biggest share that fits -> the fewest steps
        if (share / per).is_integer():
            return share // per
    raise ValueError("no per-replica batch fits")
