# INTENT: right: padded size via divmod (add n - rem when there is a remainder), ranges from consecutive boundaries zipped; all exact ints, new list per call.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    q, rem = divmod(size, num_replicas)
    padded = size + (num_replicas - rem if rem else 0)
    step = padded // num_replicas
    bounds = [k * step for k in range(num_replicas + 1)]
    return padded, list(zip(bounds[:-1], bounds[1:]))
