# INTENT: wrong: walks the padded vector with range(0, padded, piece), which raises ValueError (step 0) for a size of 0; breaks the contract for size 0 (padded 0, num_replicas empty slices).
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    padded = piece * num_replicas
    return padded, [(start, start + piece) for start in range(0, padded, piece)]
