# INTENT: wrong: each range is a 2-element list [start, stop], not the (start, stop) tuple the contract asks for (unpacking and == with tuples per element still work, so a loose check passes).
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [[r * piece, (r + 1) * piece] for r in range(num_replicas)]
