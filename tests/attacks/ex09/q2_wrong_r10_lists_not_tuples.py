# INTENT: each range is a list [start, stop] (from a list comprehension of lists), not a tuple as the contract says
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [[r * piece, (r + 1) * piece] for r in range(num_replicas)]
