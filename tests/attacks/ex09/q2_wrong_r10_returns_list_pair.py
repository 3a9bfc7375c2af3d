# INTENT: returns [padded_size, ranges] (a list) instead of the tuple (padded_size, ranges)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return [piece * num_replicas, [(r * piece, (r + 1) * piece) for r in range(num_replicas)]]
