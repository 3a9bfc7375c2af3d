# INTENT: wrong: returns ranges as a tuple of tuples (immutable, "safe from caller edits") instead of the list the contract asks for, which the caller may change.
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, tuple((r * piece, (r + 1) * piece) for r in range(num_replicas))
