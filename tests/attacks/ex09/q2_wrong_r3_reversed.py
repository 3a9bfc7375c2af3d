# INTENT: replica 0 gets the last slice (ranges built from the end)
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    padded = piece * num_replicas
    return padded, [(padded - (r + 1) * piece, padded - r * piece) for r in range(num_replicas)]
