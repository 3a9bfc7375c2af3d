# INTENT: clips the last slice at size (ranges of the real elements): unequal slices
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(min(r * piece, size), min((r + 1) * piece, size)) for r in range(num_replicas)]
