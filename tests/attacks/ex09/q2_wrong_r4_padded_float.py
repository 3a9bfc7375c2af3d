# INTENT: padded size computed exactly but returned as float (padded * 1.0 from a ratio): sizes must be whole numbers
def shard_ranges(size, num_replicas):
    """(padded_size, [(start, stop) per replica]): equal slices of the padded vector."""
    piece = -(-size // num_replicas)
    return float(piece * num_replicas), [(r * piece, (r + 1) * piece) for r in range(num_replicas)]
