# INTENT: clips every stop at size (the padding belongs to no one): slices of different lengths when size does not divide
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return piece * num_replicas, [(min(r * piece, size), min((r + 1) * piece, size)) for r in range(num_replicas)]
