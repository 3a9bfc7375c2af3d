# INTENT: stops computed with true division (r+1)*padded/n: floats (3.0), unusable as slice indices
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    padded = -(-size // num_replicas) * num_replicas
    return padded, [(r * padded // num_replicas, (r + 1) * padded / num_replicas) for r in range(num_replicas)]
